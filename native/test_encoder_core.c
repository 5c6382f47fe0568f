/* Unit test of the encoder core: the SIMD kernel's sums against a plain loop (every size the
 * tail path takes), quantization's edge cases, and a forward pass on a small random model
 * (a unit vector; out-of-vocabulary ids and too many tokens refused). Run natively by
 * `make native-test` and under qemu for aarch64 and armhf by `make cross-check`. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encoder_core.h"

static int failures;
#define CHECK(c)                                                          \
    do {                                                                  \
        if (!(c)) {                                                       \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); \
            failures++;                                                   \
        }                                                                 \
    } while (0)

static unsigned rng = 12345u;
static int rnd(int lo, int hi) {
    rng = rng * 1103515245u + 12345u;
    return lo + (int)((rng >> 8) % (unsigned)(hi - lo + 1));
}

static void test_qgemm(int O, int I, int T) {
    int8_t *w = malloc((size_t)O * I);
    int16_t *x = malloc(sizeof(int16_t) * (size_t)T * I);
    float *ws = malloc(sizeof(float) * O), *bias = malloc(sizeof(float) * O), *xs = malloc(sizeof(float) * T);
    float *out = malloc(sizeof(float) * (size_t)T * O);
    for (int i = 0; i < O * I; i++) w[i] = (int8_t)rnd(-127, 127);
    for (int i = 0; i < T * I; i++) x[i] = (int16_t)rnd(-ENC_ACT_MAX, ENC_ACT_MAX);
    for (int o = 0; o < O; o++) ws[o] = 0.01f * (float)(o + 1), bias[o] = (float)o;
    for (int t = 0; t < T; t++) xs[t] = 0.5f + (float)t;
    enc_qgemm(w, ws, bias, O, I, x, xs, T, out);
    for (int t = 0; t < T; t++)
        for (int o = 0; o < O; o++) {
            int32_t acc = 0;
            for (int i = 0; i < I; i++) acc += (int32_t)w[(size_t)o * I + i] * x[(size_t)t * I + i];
            CHECK(out[(size_t)t * O + o] == xs[t] * ws[o] * (float)acc + bias[o]);
        }
    free(w), free(x), free(ws), free(bias), free(xs), free(out);
}

static void test_quantize(void) {
    float x[2][16] = {{0}};
    int16_t q[32];
    float s[2];
    x[1][0] = -2047.0f, x[1][1] = 1023.5f, x[1][2] = 0.5f, x[1][3] = 1.5f;   /* scale 1 exactly */
    enc_quantize(&x[0][0], 2, 16, q, s);
    CHECK(s[0] == 1.0f);                      /* an all-zero row */
    for (int i = 0; i < 16; i++) CHECK(q[i] == 0);
    CHECK(s[1] == 1.0f && q[16] == -2047 && q[17] == 1024 && q[18] == 0 && q[19] == 2);   /* half to even */
}

static void test_forward(void) {
    enc_model m = {.layers = 2, .heads = 4, .dim = 32, .ffn = 64, .vocab = 50, .max_pos = 16};
    CHECK(enc_check(&m) == ENC_OK);
    size_t nq = enc_qw_len(&m), nf = enc_fp_len(&m);
    int8_t *qw = malloc(nq);
    float *fp = malloc(sizeof(float) * nf), *word = malloc(sizeof(float) * 50 * 32);
    float *pos = malloc(sizeof(float) * 16 * 32), type0[32], out[32];
    for (size_t i = 0; i < nq; i++) qw[i] = (int8_t)rnd(-127, 127);
    for (size_t i = 0; i < nf; i++) fp[i] = 0.002f * (float)rnd(1, 10);
    for (int i = 0; i < 50 * 32; i++) word[i] = 0.01f * (float)rnd(-100, 100);
    for (int i = 0; i < 16 * 32; i++) pos[i] = 0.01f * (float)rnd(-100, 100);
    for (int i = 0; i < 32; i++) type0[i] = 0.0f;
    m.qw = qw, m.fp = fp, m.word = word, m.pos = pos, m.type0 = type0;
    int32_t ids[5] = {1, 7, 49, 3, 2};
    CHECK(enc_forward(&m, ids, 5, out) == ENC_OK);
    double norm = 0.0;
    for (int i = 0; i < 32; i++) norm += (double)out[i] * out[i];
    CHECK(fabs(norm - 1.0) < 1e-5);
    int32_t bad[2] = {1, 50};
    CHECK(enc_forward(&m, bad, 2, out) == ENC_BAD_ID);
    int32_t many[17] = {0};
    CHECK(enc_forward(&m, many, 17, out) == ENC_BAD_SHAPE);
    m.dim = 30;
    CHECK(enc_check(&m) == ENC_BAD_SHAPE);
    free(qw), free(fp), free(word), free(pos);
}

static void test_dot_f16(void) {
    /* 1.0, -2.0, 0.5, a subnormal (2^-24), 65504 (the largest half), -0, 1.5, 0.25 */
    uint16_t row[16] = {0x3c00, 0xc000, 0x3800, 0x0001, 0x7bff, 0x8000, 0x3e00, 0x3400};
    float q[16] = {1, 1, 2, 16777216.0f, 1.0f / 65504.0f, 5, 2, 4}, out[2];
    for (int i = 8; i < 16; i++) row[i] = 0x3c00, q[i] = 0.125f;   /* eight more 1.0s */
    enc_dot_f16(row, 1, 16, q, out);
    CHECK(fabsf(out[0] - (1 - 2 + 1 + 1 + 1 + 0 + 3 + 1 + 1)) < 1e-5f);
    uint16_t two[32];
    for (int i = 0; i < 32; i++) two[i] = i < 16 ? 0x3c00 : 0xbc00;
    enc_dot_f16(two, 2, 16, q, out);
    CHECK(fabsf(out[0] + out[1]) < 1e-5f);
}

static void test_dot_i8(void) {
    int8_t rows[2 * 16];
    float scales[2] = {0.5f, 2.0f}, q[16], out[2];
    for (int i = 0; i < 16; i++) rows[i] = (int8_t)(i - 8), rows[16 + i] = i % 2 ? 127 : -128, q[i] = 1.0f;
    enc_dot_i8(rows, scales, 2, 16, q, out);
    CHECK(fabsf(out[0] - 0.5f * -8) < 1e-6f && fabsf(out[1] - 2.0f * 8 * (127 - 128)) < 1e-6f);
}

int main(void) {
    for (int T = 1; T <= 9; T++) test_qgemm(5, 48, T);   /* an odd row count, every tail */
    test_qgemm(1, 16, 3);
    test_qgemm(2, 8192, 5);   /* the widest inner size: the sums' bound */
    test_qgemm(37, 384, 13);
    test_quantize();
    test_forward();
    test_dot_f16();
    test_dot_i8();
    printf("encoder core (%s kernel): %s\n", enc_kernel(), failures ? "FAILED" : "ok");
    return failures != 0;
}
