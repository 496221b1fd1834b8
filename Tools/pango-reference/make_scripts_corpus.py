#!/usr/bin/env python3
"""Write the script corpus: cells in every script Yardstick bundles a font for, plus
emoji sequences between words, mixed CJK and Latin, right-to-left text with numbers,
and code-like text (JSON Lines, the format compare.py and pango_breaks read).

Every cell becomes one record per width (120, 250, 400 by default):

    {"text": "...", "width": 120, "set": "Bengali"}

Cells are sentences drawn from the word lists below with a fixed seed, so the corpus
is the same on every run; words are joined the way the script joins them (spaces,
or none for Khmer, Lao and Myanmar, tsheg-separated syllables for Tibetan), with the
script's own punctuation and digits, and now and then a Latin word, a number or an
emoji. Python 3 standard library only.

Usage:
    python3 make_scripts_corpus.py [-o corpus.jsonl] [--cells 120] [--widths 120,250,400] [--seed 16]
"""

import argparse
import json
import random
import sys

# Everyday words and phrases per script (greetings, places, shopping, weather, study).
WORDS = {
    "Bengali": "বাংলা ভাষা আমার সোনার দেশ বিশ্ববিদ্যালয় কলকাতা ঢাকা নতুন বই পড়তে ভালোবাসি আজ আবহাওয়া খুব সুন্দর ধন্যবাদ শিক্ষক ছাত্র পরীক্ষা স্বাধীনতা বাজার দাম টাকা অর্ডার পাঠানো হয়েছে গ্রাহক".split(),
    "Tamil": "தமிழ் மொழி சென்னை நன்றி வணக்கம் பள்ளி மாணவர் புத்தகம் இன்று வானிலை நல்லது விலை ரூபாய் கடை தொழில்நுட்பம் பல்கலைக்கழகம் கணினி அனுப்பப்பட்டது வாடிக்கையாளர் ஆர்டர்".split(),
    "Telugu": "తెలుగు భాష హైదరాబాద్ నమస్కారం ధన్యవాదాలు పుస్తకం విద్యార్థి ఈరోజు వాతావరణం చాలా బాగుంది ధర రూపాయలు విశ్వవిద్యాలయం సాంకేతికత కస్టమర్ పంపబడింది".split(),
    "Kannada": "ಕನ್ನಡ ಭಾಷೆ ಬೆಂಗಳೂರು ನಮಸ್ಕಾರ ಧನ್ಯವಾದಗಳು ಪುಸ್ತಕ ವಿದ್ಯಾರ್ಥಿ ಇಂದು ಹವಾಮಾನ ತುಂಬಾ ಚೆನ್ನಾಗಿದೆ ಬೆಲೆ ರೂಪಾಯಿ ವಿಶ್ವವಿದ್ಯಾಲಯ ಗ್ರಾಹಕ ಕಳುಹಿಸಲಾಗಿದೆ".split(),
    "Malayalam": "മലയാളം ഭാഷ തിരുവനന്തപുരം നമസ്കാരം നന്ദി പുസ്തകം വിദ്യാർത്ഥി ഇന്ന് കാലാവസ്ഥ വളരെ നല്ലതാണ് വില രൂപ സർവ്വകലാശാല ഉപഭോക്താവ് അയച്ചു".split(),
    "Gujarati": "ગુજરાતી ભાષા અમદાવાદ નમસ્તે આભાર પુસ્તક વિદ્યાર્થી આજે હવામાન ખૂબ સરસ છે કિંમત રૂપિયા યુનિવર્સિટી ગ્રાહક મોકલવામાં આવ્યો".split(),
    "Gurmukhi": "ਪੰਜਾਬੀ ਭਾਸ਼ਾ ਅੰਮ੍ਰਿਤਸਰ ਸਤ ਸ੍ਰੀ ਅਕਾਲ ਧੰਨਵਾਦ ਕਿਤਾਬ ਵਿਦਿਆਰਥੀ ਅੱਜ ਮੌਸਮ ਬਹੁਤ ਵਧੀਆ ਹੈ ਕੀਮਤ ਰੁਪਏ ਯੂਨੀਵਰਸਿਟੀ ਗਾਹਕ ਭੇਜਿਆ".split(),
    "Oriya": "ଓଡ଼ିଆ ଭାଷା ଭୁବନେଶ୍ୱର ନମସ୍କାର ଧନ୍ୟବାଦ ବହି ଛାତ୍ର ଆଜି ପାଣିପାଗ ବହୁତ ଭଲ ମୂଲ୍ୟ ଟଙ୍କା ବିଶ୍ୱବିଦ୍ୟାଳୟ ଗ୍ରାହକ ପଠାଯାଇଛି".split(),
    "Sinhala": "සිංහල භාෂාව කොළඹ ආයුබෝවන් ස්තූතියි පොත ශිෂ්‍යයා අද කාලගුණය ඉතා හොඳයි මිල රුපියල් විශ්වවිද්‍යාලය පාරිභෝගිකයා යවන ලදී".split(),
    "Khmer": "ភាសាខ្មែរ ភ្នំពេញ សួស្តី អរគុណ សៀវភៅ សិស្ស ថ្ងៃនេះ អាកាសធាតុ ល្អណាស់ តម្លៃ រៀល សាកលវិទ្យាល័យ អតិថិជន បានផ្ញើ".split(),
    "Lao": "ພາສາລາວ ວຽງຈັນ ສະບາຍດີ ຂອບໃຈ ປຶ້ມ ນັກຮຽນ ມື້ນີ້ ອາກາດ ດີຫຼາຍ ລາຄາ ກີບ ມະຫາວິທະຍາໄລ ລູກຄ້າ ສົ່ງແລ້ວ".split(),
    "Myanmar": "မြန်မာဘာသာ ရန်ကုန် မင်္ဂလာပါ ကျေးဇူးတင်ပါတယ် စာအုပ် ကျောင်းသား ယနေ့ ရာသီဥတု အရမ်းကောင်းတယ် စျေးနှုန်း ကျပ် တက္ကသိုလ် ဖောက်သည် ပို့ပြီး".split(),
    "Georgian": "ქართული ენა თბილისი გამარჯობა მადლობა წიგნი სტუდენტი დღეს ამინდი ძალიან კარგია ფასი ლარი უნივერსიტეტი მომხმარებელი გაიგზავნა".split(),
    "Armenian": "Հայերեն լեզու Երևան Բարև Շնորհակալություն գիրք ուսանող այսօր եղանակը շատ լավ է գինը դրամ համալսարան հաճախորդ ուղարկված".split(),
    "Ethiopic": "አማርኛ ቋንቋ አዲስ አበባ ሰላም አመሰግናለሁ መጽሐፍ ተማሪ ዛሬ የአየር ሁኔታ በጣም ጥሩ ነው ዋጋ ብር ዩኒቨርሲቲ ደንበኛ ተልኳል".split(),
    "Tibetan": "བོད་ཡིག ལྷ་ས བཀྲ་ཤིས་བདེ་ལེགས ཐུགས་རྗེ་ཆེ དཔེ་ཆ སློབ་ཕྲུག དེ་རིང་ གནམ་གཤིས ཡག་པོ་འདུག གོང་ཚད སྒོར་མོ གཙུག་ལག་སློབ་གྲྭ".split(),
    "Syriac": "ܠܫܢܐ ܣܘܪܝܝܐ ܫܠܡܐ ܬܘܕܝ ܟܬܒܐ ܝܘܡܢܐ ܡܠܟܐ ܐܪܥܐ ܫܡܝܐ ܡܕܝܢܬܐ ܒܝܬܐ ܡܝܐ ܠܚܡܐ ܐܢܫܐ".split(),
    "Thaana": "ދިވެހި ބަސް މާލެ އައްސަލާމް ޢަލައިކުމް ޝުކުރިއްޔާ ފޮތް ދަރިވަރު މިއަދު މޫސުން ވަރަށް ރަނގަޅު އަގު ރުފިޔާ".split(),
    "Mongolian": "ᠮᠣᠩᠭᠣᠯ ᠬᠡᠯᠡ ᠰᠠᠶᠢᠨ ᠪᠠᠶᠠᠷᠯᠠᠯᠠ ᠨᠣᠮ ᠰᠤᠷᠤᠭᠴᠢ ᠡᠨᠡᠳᠦᠷ ᠬᠣᠲᠠ ᠤᠯᠤᠰ ᠠᠷᠠᠳ ᠰᠣᠶᠣᠯ".split(),
}
SPACELESS = {"Khmer", "Lao", "Myanmar"}
FULL_STOP = {"Bengali": "।", "Gurmukhi": "।", "Oriya": "।", "Sinhala": ".", "Khmer": "។", "Lao": "ໆ", "Myanmar": "။",
             "Ethiopic": "።", "Tibetan": "།", "Armenian": "։", "Syriac": "܀", "Mongolian": "᠃", "Thaana": "."}
DIGITS = {"Bengali": "০১২৩৪৫৬৭৮৯", "Tamil": "௦௧௨௩௪௫௬௭௮௯", "Telugu": "౦౧౨౩౪౫౬౭౮౯", "Kannada": "೦೧೨೩೪೫೬೭೮೯",
          "Malayalam": "൦൧൨൩൪൫൬൭൮൯", "Gujarati": "૦૧૨૩૪૫૬૭૮૯", "Gurmukhi": "੦੧੨੩੪੫੬੭੮੯", "Oriya": "୦୧୨୩୪୫୬୭୮୯",
          "Khmer": "០១២៣៤៥៦៧៨៩", "Lao": "໐໑໒໓໔໕໖໗໘໙", "Myanmar": "၀၁၂၃၄၅၆၇၈၉", "Tibetan": "༠༡༢༣༤༥༦༧༨༩",
          "Mongolian": "᠐᠑᠒᠓᠔᠕᠖᠗᠘᠙", "Thaana": "0123456789"}
LATIN = "order shipped Swift iPhone API PDF 2024 USB-C Wi-Fi email OK".split()
EMOJI = ["👍", "👍🏽", "❤️", "🇯🇵", "🎉", "😀", "👨‍👩‍👧", "1️⃣", "✅", "🔥"]

SETS = {
    "Symbols": ["x ≤ y", "∑ aᵢ", "α → β", "✓ done", "★★★☆☆", "∀x ∈ ℝ", "A ⊆ B ∪ C", "⌘ + C", "♞ e4", "☂ rain", "∞", "a ≠ b",
                "−42", "→", "⇒", "✈ flight", "☎ call", "✂ cut", "❤ heart", "♻ recycle", "⚠ warning", "■ ● ▲", "½ ¾", "©", "°C",
                "√2 ≈ 1.414", "∫ f(x) dx", "𝔸 𝔹 ℂ", "⌀ 20 mm", "☑ ☐"],
    "Emoji": ["Great job", "team", "family photo", "flags", "keycap", "love", "Scotland", "coding", "see you soon", "thanks",
              "new message", "party tonight", "weather", "good morning"],
    "CJK+Latin": ["東京 2024年 Olympic", "iPhone 15 Pro の価格は 159,800円", "使用 Swift 编写的 CLI 工具", "서울 Seoul 2024 행사",
                  "注文番号 A-1024 を発送しました", "Wi-Fi 密码是 12345678", "API 호출 실패 (코드 503)", "第 3 章 Introduction",
                  "请在 2024-05-01 前付款", "配送先: 東京都渋谷区 1-2-3", "価格 ¥1,280（税込）", "主题: Re: 会议纪要", "배송 완료 ✓",
                  "HTML と CSS の基本", "版本 v2.1.0 发布"],
    "RTL+numbers": ["السعر 120 دولار", "הזמנה מספר 4567 נשלחה", "تم شحن 3 طلبات في 2024-05-01", "عنوان: 12 شارع الملك فهد",
                    "המחיר ₪ 89.90 כולל מע״מ", "رقم الطلب #A1024 (قيد التنفيذ)", "טלפון: 03-1234567", "خصم 25% على 2 منتجات",
                    "نسخه 2.0.1 منتشر شد", "פריט 7 מתוך 12", "الطابق ٣، الغرفة ٤٥", "ایمیل: info@example.com"],
    "Code": ["let x = foo(bar, baz) // comment", "/usr/local/bin/yardstick --threads=4", "snake_case_identifier_with_many_parts",
             "SELECT * FROM orders WHERE id = 42;", "https://example.com/path?q=1&r=2", '{"key": [1, 2, 3]}', "0x7fff_ffff",
             "C:\\Program Files\\App\\bin", "func measure(_ text: String) -> Double", "git commit -m \"Fix #123\"",
             "camelCaseIdentifierThatIsVeryLong", "a.b.c.d.e.f.g.h", "x+=1;y-=2;z*=3", "<div class=\"row\">", "ERROR 2024-05-01T12:00:00Z"],
}


def sentence(rng, script):
    words = WORDS[script]
    n = rng.choice([1, 2, 3, 4, 6, 8, 12, 18, 26])
    parts = []
    for _ in range(n):
        r = rng.random()
        if r < 0.06:
            parts.append(rng.choice(LATIN))
        elif r < 0.10:
            digits = DIGITS.get(script, "0123456789")
            parts.append("".join(rng.choice(digits) for _ in range(rng.randint(1, 4))))
        elif r < 0.12:
            parts.append(rng.choice(EMOJI))
        else:
            parts.append(rng.choice(words))
    if script == "Tibetan":
        text = "་".join(parts) + "།"
    elif script in SPACELESS:
        # Words run together; a space ends a phrase.
        text = ""
        for i, p in enumerate(parts):
            text += p + (" " if i % 4 == 3 else "")
    else:
        text = " ".join(parts)
    if rng.random() < 0.5:
        text = text.rstrip() + FULL_STOP.get(script, ".")
    if rng.random() < 0.15:
        text += ", " + rng.choice(words)
    return text


def mixed(rng, name):
    items = SETS[name]
    n = rng.choice([1, 2, 3, 4, 6])
    if name == "Emoji":
        parts = []
        for _ in range(n):
            parts.append(rng.choice(items))
            parts.append(rng.choice(EMOJI + ["🏴󠁧󠁢󠁳󠁣󠁴󠁿", "👩🏽‍💻", "❤", "#️⃣", "🇺🇸 🇩🇪", "☺", "✌🏻"]))
        return " ".join(parts)
    sep = rng.choice([" ", "; ", " · "]) if name != "Code" else rng.choice([" ", "\n", "; "])
    return sep.join(rng.choice(items) for _ in range(n))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--cells", type=int, default=120, help="cells per set (default 120)")
    ap.add_argument("--widths", default="120,250,400")
    ap.add_argument("--seed", type=int, default=16)
    args = ap.parse_args()
    widths = [float(w) for w in args.widths.split(",")]
    rng = random.Random(args.seed)
    out = sys.stdout if args.output == "-" else open(args.output, "w", encoding="utf-8")
    records = 0
    for name in list(WORDS) + list(SETS):
        for _ in range(args.cells):
            text = sentence(rng, name) if name in WORDS else mixed(rng, name)
            for w in widths:
                out.write(json.dumps({"text": text, "width": int(w) if w.is_integer() else w, "set": name}, ensure_ascii=False) + "\n")
                records += 1
    if out is not sys.stdout:
        out.close()
    print(f"make_scripts_corpus.py: {len(WORDS) + len(SETS)} sets x {args.cells} cells x {len(widths)} widths = {records} records", file=sys.stderr)


if __name__ == "__main__":
    main()
