/* The locale-names corpus (issue 38): for each script the bundled fonts gained for ICU's locales,
   texts made of the names ICU's locales in that script give other locales and territories
   (uloc_getDisplayLanguage / uloc_getDisplayCountry; names that fell back to another script are
   left out), joined a few at a time. For the scripts no ICU locale is written in (Coptic, N'Ko,
   Deseret, Shavian, Canadian syllabics, Nyiakeng Puachue Hmong, Osage), words of 2 to 8 letters
   of the script (those of Unicode 13 and before, which the fonts of 2020 have) drawn with a fixed seed. JSON Lines, one record per text and width:

       {"text": "...", "width": 120, "set": "Adlam"}

   Build and run: cc make_locale_corpus.c -o make_locale_corpus $(pkg-config --cflags --libs icu-uc icu-i18n)
                  ./make_locale_corpus > locales.jsonl */
#include <stdio.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>

static const struct { const char *name; UScriptCode code; } SCRIPTS[] = {
    {"Adlam", USCRIPT_ADLAM}, {"Chakma", USCRIPT_CHAKMA}, {"Cherokee", USCRIPT_CHEROKEE}, {"Ol Chiki", USCRIPT_OL_CHIKI},
    {"Tifinagh", USCRIPT_TIFINAGH}, {"Vai", USCRIPT_VAI}, {"Yi", USCRIPT_YI}, {"Coptic", USCRIPT_COPTIC}, {"N'Ko", USCRIPT_NKO},
    {"Deseret", USCRIPT_DESERET}, {"Shavian", USCRIPT_SHAVIAN}, {"Canadian syllabics", USCRIPT_CANADIAN_ABORIGINAL},
    {"Nyiakeng Puachue Hmong", USCRIPT_NYIAKENG_PUACHUE_HMONG}, {"Osage", USCRIPT_OSAGE},
};
static const int WIDTHS[] = {120, 250, 400};
enum { MAX_NAMES = 4096, NAME_BYTES = 256 };
static char names[MAX_NAMES][NAME_BYTES];
static unsigned long long seed = 38;

static unsigned next_random(void) { seed = seed * 6364136223846793005ULL + 1442695040888963407ULL; return (unsigned)(seed >> 33); }

/* Whether a name has a letter of the script (not a fallback to English or another script). */
static int written_in(const UChar *name, int32_t length, UScriptCode script) {
    for (int32_t i = 0; i < length;) {
        UChar32 c; U16_NEXT(name, i, length, c);
        UErrorCode status = U_ZERO_ERROR;
        if (uscript_getScript(c, &status) == script) return 1;
    }
    return 0;
}

static void print_json_string(const char *s) {
    putchar('"');
    for (; *s; s++) { if (*s == '"' || *s == '\\') putchar('\\'); putchar(*s); }
    putchar('"');
}

static void emit(const char *text, const char *set) {
    for (size_t w = 0; w < sizeof WIDTHS / sizeof *WIDTHS; w++) {
        printf("{\"text\": "); print_json_string(text); printf(", \"width\": %d, \"set\": ", WIDTHS[w]); print_json_string(set); printf("}\n");
    }
}

/* Texts of 1 to 8 names, as many as there are names / 3, at most 120. */
static void emit_texts(int count, const char *set) {
    int texts = count / 3 < 120 ? count / 3 : 120;
    if (texts == 0 && count > 0) texts = 1;
    for (int t = 0; t < texts; t++) {
        char text[4096] = "";
        int parts = 1 + (int)(next_random() % 8);
        for (int p = 0; p < parts; p++) {
            if (p) strcat(text, next_random() % 3 ? " " : ", ");
            if (strlen(text) + NAME_BYTES + 3 >= sizeof text) break;
            strcat(text, names[next_random() % (unsigned)count]);
        }
        emit(text, set);
    }
}

int main(void) {
    int32_t locales = uloc_countAvailable();
    for (size_t s = 0; s < sizeof SCRIPTS / sizeof *SCRIPTS; s++) {
        int count = 0;
        for (int32_t l = 0; l < locales; l++) {
            const char *in = uloc_getAvailable(l);
            char likely[128], script[16];
            UErrorCode status = U_ZERO_ERROR;
            uloc_addLikelySubtags(in, likely, sizeof likely, &status);
            uloc_getScript(likely, script, sizeof script, &status);
            UScriptCode code;
            if (U_FAILURE(status) || uscript_getCode(script, &code, 1, &status) != 1 || code != SCRIPTS[s].code) continue;
            for (int32_t k = 0; k < locales && count < MAX_NAMES; k++) {
                UChar name[NAME_BYTES]; status = U_ZERO_ERROR;
                int32_t length = (k % 2 ? uloc_getDisplayCountry : uloc_getDisplayLanguage)(uloc_getAvailable(k), in, name, NAME_BYTES / 4, &status);
                if (U_FAILURE(status) || length <= 0 || !written_in(name, length, code)) continue;
                int32_t written = 0; status = U_ZERO_ERROR;
                u_strToUTF8(names[count], NAME_BYTES, &written, name, length, &status);
                if (U_FAILURE(status) || written >= NAME_BYTES) continue;
                names[count][written] = 0;
                int seen = 0;
                for (int i = 0; i < count && !seen; i++) seen = strcmp(names[i], names[count]) == 0;
                if (!seen) count++;
            }
        }
        if (count == 0) {
            /* No ICU locale in the script: words of its letters. */
            UChar32 letters[2048]; int n = 0;
            for (UChar32 c = 0; c < 0x20000 && n < 2048; c++) {
                UErrorCode status = U_ZERO_ERROR;
                UVersionInfo age; u_charAge(c, age);
                /* (Unicode 13 and before: the Noto files are of 2020.) */
                if (uscript_getScript(c, &status) == SCRIPTS[s].code && u_isalpha(c) && age[0] <= 13) letters[n++] = c;
            }
            for (; count < 300 && n > 0; count++) {
                UChar word[32]; int32_t length = 0;
                int size = 2 + (int)(next_random() % 7);
                for (int i = 0; i < size; i++) { UChar32 c = letters[next_random() % (unsigned)n]; U16_APPEND_UNSAFE(word, length, c); }
                int32_t written = 0; UErrorCode status = U_ZERO_ERROR;
                u_strToUTF8(names[count], NAME_BYTES, &written, word, length, &status);
                names[count][written] = 0;
            }
        }
        fprintf(stderr, "%s: %d names\n", SCRIPTS[s].name, count);
        emit_texts(count, SCRIPTS[s].name);
    }
    return 0;
}
