/* Unit test of the BPE core: a small merge table (byte ids are the bytes themselves, merges
 * over "a", "b", "c" with unique new ids), fixed words, and random words against a plain
 * quadratic BPE (lowest rank, leftmost first); with unique new ids the two must agree.
 * Run natively, under ASan and UBSan, by `make native-test`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpe_core.h"

static int failures;
#define CHECK(c)                                                          \
    do {                                                                  \
        if (!(c)) {                                                       \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); \
            failures++;                                                   \
        }                                                                 \
    } while (0)

enum { MASK = 63, N_MERGES = 6 };
/* left, right, new id; the rank is the index */
static const uint32_t MERGES[N_MERGES][3] = {
    {'b', 'c', 300}, {'a', 'b', 301}, {'a', 300, 302}, {301, 'c', 303}, {302, 302, 304}, {'c', 'a', 305},
};
static uint32_t slots[(MASK + 1) * 4], byte_ids[256];

static void build(void) {
    for (size_t i = 0; i < sizeof slots / sizeof *slots; i++) slots[i] = BPE_EMPTY;
    for (uint32_t b = 0; b < 256; b++) byte_ids[b] = b;
    for (uint32_t r = 0; r < N_MERGES; r++) {
        uint32_t i = bpe_slot_of(MERGES[r][0], MERGES[r][1], MASK);
        while (slots[i * 4] != BPE_EMPTY) i = (i + 1) & MASK;
        slots[i * 4] = MERGES[r][0];
        slots[i * 4 + 1] = MERGES[r][1];
        slots[i * 4 + 2] = r;
        slots[i * 4 + 3] = MERGES[r][2];
    }
}

/* The plain algorithm: find the pair of lowest rank (leftmost among equals), merge, repeat. */
static long plain(const uint8_t *w, size_t n) {
    uint32_t sym[256];
    size_t len = n;
    for (size_t i = 0; i < n; i++) sym[i] = w[i];
    for (;;) {
        int best = -1;
        size_t at = 0;
        for (size_t i = 0; i + 1 < len; i++)
            for (int r = 0; r < N_MERGES; r++)
                if (sym[i] == MERGES[r][0] && sym[i + 1] == MERGES[r][1] && (best < 0 || r < best)) {
                    best = r;
                    at = i;
                }
        if (best < 0) return (long)len;
        sym[at] = MERGES[best][2];
        memmove(sym + at + 1, sym + at + 2, (len - at - 2) * sizeof *sym);
        len--;
    }
}

static long count(const char *s) { return bpe_word_len(&(bpe_table){slots, MASK, byte_ids}, (const uint8_t *)s, strlen(s)); }

int main(void) {
    build();
    CHECK(count("") == 0);
    CHECK(count("a") == 1);
    CHECK(count("abc") == 1);         /* b c first (rank 0), then a + bc */
    CHECK(count("abcabc") == 1);      /* abc abc -> rank 4 */
    CHECK(count("cab") == 2);         /* c a (rank 5) loses to a b (rank 1): c, ab */
    CHECK(count("xyz") == 3);
    CHECK(count("abcab") == 2);
    unsigned rng = 7u;
    for (int t = 0; t < 20000; t++) {
        uint8_t w[64];
        rng = rng * 1103515245u + 12345u;
        size_t n = (rng >> 8) % 64;
        for (size_t i = 0; i < n; i++) {
            rng = rng * 1103515245u + 12345u;
            w[i] = (uint8_t)("abcx"[(rng >> 8) % 4]);
        }
        long got = bpe_word_len(&(bpe_table){slots, MASK, byte_ids}, w, n);
        if (got != plain(w, n)) {
            fprintf(stderr, "word %.*s: %ld, plain %ld\n", (int)n, (const char *)w, got, plain(w, n));
            failures++;
            break;
        }
    }
    if (failures) return 1;
    puts("bpe core: ok");
    return 0;
}
