#!/usr/bin/env python3
"""Compare line-start offsets ("breaks") of two result files over a corpus.

Usage:
    python3 compare.py CORPUS.jsonl OURS.jsonl PANGO.jsonl [--show 15] [--group G]

CORPUS holds {"text", "width"} records; OURS and PANGO hold one result record
(PANGO may be any reference in the same format: chromium_breaks.py writes one too)
per corpus record, in the same order, each with "breaks": a list of UTF-8
byte offsets where lines start (pango_breaks output format).  Blank lines are
ignored in all three files, so record N of each file is compared.

A result record with "error" (or without "breaks") counts as follows:
  - error on the Pango side: cell excluded (no reference), counted separately;
  - error on our side: counted as a mismatch.

Prints the share of cells whose "breaks" lists are identical, overall, per
dominant script group and per width, then the first --show mismatches with
the text and both break lists (and the lines each list produces).

Script groups (dominant = group with the most letters/marks; digits,
punctuation, spaces and other Common characters don't vote; ties go to the
earlier group in this list):
    Latin, Arabic, Hebrew, Devanagari, Thai, CJK, then every other script with a
    bundled font (Bengali ... Mongolian), emoji/other
Thai, Khmer, Lao and Myanmar are written without spaces between words: ICU breaks
them with a dictionary, Pango 1.50 only Thai (libthai), so they are counted apart
("without dictionary scripts"). Records with a "set" key (make_scripts_corpus.py)
are also reported per set.
CJK = Han, Hiragana, Katakana, Hangul, Bopomofo.  Arabic-Indic, Devanagari
and Thai digits vote for their script.  "emoji/other" collects the rest and
is split on indented lines into: emoji (pictographs outnumber letters),
other letters (Cyrillic, Greek, ...), no letters (numbers, amounts, dates).
Python 3 standard library only.
"""

import argparse
import json
import sys
import unicodedata
from collections import Counter, defaultdict

GROUPS = ["Latin", "Arabic", "Hebrew", "Devanagari", "Thai", "CJK",
          "Bengali", "Gurmukhi", "Gujarati", "Oriya", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala", "Khmer",
          "Lao", "Myanmar", "Tibetan", "Georgian", "Armenian", "Ethiopic", "Syriac", "Thaana", "Mongolian", "emoji/other"]
# Scripts written without spaces between words, broken with a dictionary by ICU and not by Pango 1.50
# (libthai covers Thai only): counted apart from the overall share.
DICTIONARY = {"Thai", "Khmer", "Lao", "Myanmar"}

_PREFIXES = [
    ("LATIN ", "Latin"),
    ("ARABIC ", "Arabic"),
    ("HEBREW ", "Hebrew"),
    ("DEVANAGARI ", "Devanagari"),
    ("VEDIC ", "Devanagari"),
    ("THAI ", "Thai"),
    ("CJK ", "CJK"),
    ("HIRAGANA ", "CJK"),
    ("KATAKANA ", "CJK"),
    ("KATAKANA-HIRAGANA ", "CJK"),
    ("HALFWIDTH KATAKANA ", "CJK"),
    ("HANGUL ", "CJK"),
    ("HALFWIDTH HANGUL ", "CJK"),
    ("BOPOMOFO ", "CJK"),
    ("IDEOGRAPHIC ", "CJK"),
    ("FULLWIDTH LATIN ", "Latin"),
]
_PREFIXES += [(x.upper() + " ", x) for x in ['Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Khmer', 'Lao', 'Myanmar', 'Tibetan', 'Georgian', 'Armenian', 'Ethiopic', 'Syriac', 'Thaana', 'Mongolian']]


def char_group(ch):
    """Voting group of one character ("emoji", "other letters", a GROUPS
    name), or None if it doesn't vote (Common: spaces, punctuation,
    European digits, symbols, generic combining marks, VS16, ZWJ)."""
    cp = ord(ch)
    cat = unicodedata.category(ch)
    # Emoji: pictographs, regional indicators, dingbats, misc symbols.
    if cat == "So" and (cp >= 0x1F000 or 0x2600 <= cp <= 0x27BF or 0x2B00 <= cp <= 0x2BFF):
        return "emoji"
    name = unicodedata.name(ch, "")
    if cat == "Nd":
        # Script-specific digits (Arabic-Indic, Devanagari, Thai) vote for their script.
        if name.startswith(("ARABIC-INDIC ", "EXTENDED ARABIC-INDIC ")):
            return "Arabic"
        script = name.split(" ")[0].capitalize()
        if script in GROUPS:
            return script
        return None
    if not (cat.startswith("L") or cat.startswith("M")):
        return None
    if name.startswith(("COMBINING", "VARIATION SELECTOR")):
        return None  # generic combining marks / variation selectors are script-neutral
    for prefix, group in _PREFIXES:
        if name.startswith(prefix):
            return group
    if 0x3400 <= cp <= 0x9FFF or 0x20000 <= cp <= 0x3FFFF or 0xF900 <= cp <= 0xFAFF:
        return "CJK"
    return "other letters"


# Sub-groups of "emoji/other", reported on indented lines.
SUBGROUPS = ["emoji", "other letters", "no letters"]


def dominant_group(text):
    """(group, subgroup): group is one of GROUPS; subgroup is one of
    SUBGROUPS for "emoji/other", else None."""
    counts = Counter(g for g in map(char_group, text) if g)
    if not counts:
        return "emoji/other", "no letters"  # numbers, dates, amounts, punctuation, empty
    best = max(counts.values())
    for g in GROUPS[:-1] + SUBGROUPS[:2]:
        if counts.get(g) == best:
            return (g, None) if g in GROUPS else ("emoji/other", g)
    raise AssertionError(counts)


def read_jsonl(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as e:
                out.append({"error": f"{path}:{lineno}: invalid JSON: {e}"})
    return out


def get_breaks(rec):
    if not isinstance(rec, dict) or "error" in rec or not isinstance(rec.get("breaks"), list):
        return None
    return rec["breaks"]


def split_lines(text_bytes, breaks):
    """The lines a break list produces (for display)."""
    if breaks is None:
        return None
    bounds = list(breaks) + [len(text_bytes)]
    out = []
    for a, b in zip(bounds, bounds[1:]):
        try:
            out.append(text_bytes[a:b].decode("utf-8"))
        except (UnicodeDecodeError, TypeError):
            out.append(f"<bad offsets {a}..{b}>")
    return out


def classify(ours, theirs, text):
    if ours is None:
        return "our error"
    if len(ours) != len(theirs):
        # Pango adds an empty last line after a trailing paragraph separator.
        if text.endswith(("\n", "\r", "\u2029")) and ours == theirs[:-1]:
            return "only Pango's empty line after trailing newline"
        if text.endswith(("\n", "\r", "\u2029")) and theirs == ours[:-1]:
            return "only our extra empty line after trailing newline"
        return "different line count"
    return "same line count, different positions"


def pct(a, b):
    return f"{100.0 * a / b:6.2f}%" if b else "     -"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("ours")
    ap.add_argument("pango")
    ap.add_argument("--show", type=int, default=15, help="mismatches to print (default 15)")
    ap.add_argument("--group", choices=GROUPS, help="only print mismatches of this group")
    args = ap.parse_args()

    corpus = read_jsonl(args.corpus)
    ours = read_jsonl(args.ours)
    pango = read_jsonl(args.pango)
    if not (len(corpus) == len(ours) == len(pango)):
        sys.exit(f"compare.py: record counts differ: corpus {len(corpus)}, ours {len(ours)}, "
                 f"pango {len(pango)} (same order, one result per corpus record expected)")

    total = Counter()
    same = Counter()
    set_total = Counter()
    set_same = Counter()
    by_width_total = Counter()
    by_width_same = Counter()
    kinds = Counter()
    pango_errors = []
    mismatches = []
    for i, (c, o, p) in enumerate(zip(corpus, ours, pango)):
        text = c.get("text", "")
        width = c.get("width")
        group, sub = dominant_group(text)
        pb = get_breaks(p)
        if pb is None:
            pango_errors.append((i, p.get("error") if isinstance(p, dict) else p))
            continue
        ob = get_breaks(o)
        if "set" in c:
            set_total[c["set"]] += 1
            set_same[c["set"]] += ob == pb
        total[group] += 1
        if sub:
            total[sub] += 1
        by_width_total[width] += 1
        if ob == pb:
            same[group] += 1
            if sub:
                same[sub] += 1
            by_width_same[width] += 1
        else:
            kind = classify(ob, pb, text)
            kinds[kind] += 1
            mismatches.append((i, group + (f" / {sub}" if sub else ""), text, width, o, ob, pb, kind))

    n = sum(total[g] for g in GROUPS)
    s = sum(same[g] for g in GROUPS)
    print(f"Cells compared: {n}   identical breaks: {s}   share: {pct(s, n).strip()}")
    nd = sum(total[g] for g in GROUPS if g not in DICTIONARY)
    sd = sum(same[g] for g in GROUPS if g not in DICTIONARY)
    print(f"Without dictionary scripts ({', '.join(sorted(DICTIONARY))}): {nd} cells, {sd} identical, share: {pct(sd, nd).strip()}")
    if pango_errors:
        print(f"Excluded (Pango error): {len(pango_errors)}; first: record {pango_errors[0][0]}: {pango_errors[0][1]}")
    print()
    print(f"{'group':<16} {'cells':>7} {'same':>7} {'share':>8}")
    for g in GROUPS:
        if total[g]:
            print(f"{g:<16} {total[g]:>7} {same[g]:>7} {pct(same[g], total[g]):>8}")
    for g in SUBGROUPS:
        if total[g]:
            print(f"  {g:<14} {total[g]:>7} {same[g]:>7} {pct(same[g], total[g]):>8}")
    if set_total:
        print()
        print(f"{'set':<16} {'cells':>7} {'same':>7} {'share':>8}")
        for g in sorted(set_total, key=lambda k: list(set_total).index(k)):
            print(f"{g:<16} {set_total[g]:>7} {set_same[g]:>7} {pct(set_same[g], set_total[g]):>8}")
    print()
    print(f"{'width':<16} {'cells':>7} {'same':>7} {'share':>8}")
    for w in sorted(by_width_total, key=lambda x: (not isinstance(x, (int, float)), x if isinstance(x, (int, float)) else 0)):
        print(f"{str(w):<16} {by_width_total[w]:>7} {by_width_same[w]:>7} {pct(by_width_same[w], by_width_total[w]):>8}")
    if kinds:
        print()
        print("Mismatch kinds:")
        for k, v in kinds.most_common():
            print(f"  {v:>6}  {k}")

    shown = [m for m in mismatches if not args.group or m[1].split(" / ")[0] == args.group][: args.show]
    if shown:
        print()
        print(f"First {len(shown)} mismatches" + (f" in {args.group}" if args.group else "") + ":")
    for i, group, text, width, o, ob, pb, kind in shown:
        tb = text.encode("utf-8")
        print()
        print(f"#{i}  [{group}]  width={width}  {kind}")
        print(f"  text:  {text!r}")
        if ob is None:
            print(f"  ours:  ERROR {o.get('error') if isinstance(o, dict) else o!r}")
        else:
            print(f"  ours:  {ob}")
        print(f"  pango: {pb}")
        ol = split_lines(tb, ob)
        pl = split_lines(tb, pb)
        if ol is not None:
            print("  ours lines:  " + " | ".join(repr(x) for x in ol))
        print("  pango lines: " + " | ".join(repr(x) for x in pl))
        if ob is not None:
            first = next((k for k, (a, b) in enumerate(zip(ob, pb)) if a != b), min(len(ob), len(pb)))
            print(f"  first difference at line {first}")


if __name__ == "__main__":
    main()
