/* The sentence encoder's forward pass: BERT (all-MiniLM-L6-v2: 6 layers, 384 wide, 12 heads,
 * 1536 in the feed-forward) with int8 linear layers, one sequence at a time.
 *
 * Why: recall embeds the user's question on the turn's path. In numpy with float32 weights a
 * dozen-token question costs 8-17 ms on a 2-core x86 host, of which the six matrix products
 * per layer are most, and numpy's per-operation overhead the rest. Here every linear layer
 * multiplies int8 weights by int8 activations with exact int32 sums, and the whole pass runs
 * without the GIL, so a worker thread encodes while the memory does its other work.
 *
 * Layout (edge_agent/memory/_encoder_py.py packs it and is the specification):
 *   qw  int8, per layer: Wqkv (3D x D: query, key, value rows), Wo (D x D), W1 (F x D),
 *       W2 (D x F); each row quantized on its own, q = round(w / s), s = max|row| / 127.
 *   fp  float32: the embeddings' LayerNorm weight and bias (D, D); then per layer:
 *       Wqkv scales and biases (3D, 3D), Wo's (D, D), LN1 w, b (D, D), W1's (F, F),
 *       W2's (D, D), LN2 w, b (D, D).
 *   word, pos, type0: the float32 embedding tables as stored in the model file.
 * Activations are token-major (T x D). Before each linear layer every token's row is
 * quantized on its own to 12 bits (int16 holding +-2047: BERT's few outlier features would
 * leave 8 bits too coarse for the rest), so a product is
 *   out[t][o] = xs[t] * ws[o] * sum_i xq[t][i] * w[o][i] + bias[o],
 * the sum exact in int32 (at most I * 127 * 2047, < 2^31 for I <= 8192). The kernel that forms the sums
 * (AVX2, NEON or plain C, chosen once) changes no result: only the float work around it
 * (LayerNorm, softmax, GELU, pooling) differs from the numpy twin, by float rounding.
 *
 * Invariants: I (the inner size) is a multiple of 16; token ids are checked against the
 * vocabulary before any work; every scratch buffer is one allocation freed on every path.
 */
#include "encoder_core.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef NDEBUG
#include <assert.h>
#define ENC_ASSERT(c) assert(c)
#else
#define ENC_ASSERT(c) ((void)0)
#endif

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define ENC_HAVE_AVX2 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#define ENC_HAVE_NEON 1
#endif

#define LN_EPS 1e-12

size_t enc_qw_len(const enc_model *m) {
    size_t d = (size_t)m->dim, f = (size_t)m->ffn;
    return (size_t)m->layers * (3 * d * d + d * d + 2 * f * d);
}

size_t enc_fp_len(const enc_model *m) {
    size_t d = (size_t)m->dim, f = (size_t)m->ffn;
    return 2 * d + (size_t)m->layers * (6 * d + 2 * d + 2 * d + 2 * f + 2 * d + 2 * d);
}

int enc_check(const enc_model *m) {
    if (m->layers < 1 || m->heads < 1 || m->dim < 16 || m->ffn < 16 || m->vocab < 1 || m->max_pos < 1)
        return ENC_BAD_SHAPE;
    if (m->dim % 16 || m->ffn % 16 || m->dim % m->heads || m->dim > 8192 || m->ffn > 8192) return ENC_BAD_SHAPE;
    return ENC_OK;
}

/* Adding and taking away 1.5 * 2^23 rounds a float with |v| < 2^22 to an integer, half to
 * even, as nearbyintf does in the default rounding mode, but with no call per element, so the
 * loop vectorizes. IEEE arithmetic as written (no -ffast-math) keeps the two steps apart. */
#define ROUND_MAGIC 12582912.0f

void enc_quantize(const float *x, int rows, int cols, int16_t *q, float *s) {
    for (int r = 0; r < rows; r++) {
        const float *row = x + (size_t)r * cols;
        int16_t *qr = q + (size_t)r * cols;
        float amax = 0.0f;
        for (int i = 0; i < cols; i++) {
            float a = row[i] < 0.0f ? -row[i] : row[i];
            amax = a > amax ? a : amax;
        }
        float scale = amax > 0.0f ? amax / (float)ENC_ACT_MAX : 1.0f;
        for (int i = 0; i < cols; i++) qr[i] = (int16_t)((row[i] / scale + ROUND_MAGIC) - ROUND_MAGIC);
        s[r] = scale;
    }
}

/* ---- integer dot products: two weight rows against four tokens (eight sums) ----
 * out[r * 4 + k] = sum_i w_r[i] * x[k * I + i], for r = 0, 1 (rows w0 and w1), k = 0..3. */

static int32_t dot1_c(const int8_t *w, const int16_t *x, int I) {
    int32_t acc = 0;
    for (int i = 0; i < I; i++) acc += (int32_t)w[i] * x[i];
    return acc;
}

static void dot24_c(const int8_t *w0, const int8_t *w1, const int16_t *x, int I, int32_t out[8]) {
    for (int k = 0; k < 4; k++) {
        out[k] = dot1_c(w0, x + (size_t)k * I, I);
        out[4 + k] = dot1_c(w1, x + (size_t)k * I, I);
    }
}

#ifdef ENC_HAVE_AVX2
__attribute__((target("avx2"))) static int32_t hsum8(__m256i v) {
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
    return _mm_cvtsi128_si32(s);
}

/* Each weight vector is widened to int16 once and multiplied by four tokens' (vpmaddwd). */
__attribute__((target("avx2"))) static void dot24_avx2(const int8_t *w0, const int8_t *w1, const int16_t *x, int I,
                                                       int32_t out[8]) {
    __m256i a[8];
    for (int k = 0; k < 8; k++) a[k] = _mm256_setzero_si256();
    for (int i = 0; i < I; i += 16) {
        __m256i u = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(w0 + i)));
        __m256i v = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(w1 + i)));
        for (int k = 0; k < 4; k++) {
            __m256i xv = _mm256_loadu_si256((const __m256i *)(x + (size_t)k * I + i));
            a[k] = _mm256_add_epi32(a[k], _mm256_madd_epi16(u, xv));
            a[4 + k] = _mm256_add_epi32(a[4 + k], _mm256_madd_epi16(v, xv));
        }
    }
    for (int k = 0; k < 8; k++) out[k] = hsum8(a[k]);
}
#endif

#ifdef ENC_HAVE_NEON
static void dot24_neon(const int8_t *w0, const int8_t *w1, const int16_t *x, int I, int32_t out[8]) {
    int32x4_t a[8];
    for (int k = 0; k < 8; k++) a[k] = vdupq_n_s32(0);
    for (int i = 0; i < I; i += 8) {
        int16x8_t u = vmovl_s8(vld1_s8(w0 + i)), v = vmovl_s8(vld1_s8(w1 + i));
        for (int k = 0; k < 4; k++) {
            int16x8_t xv = vld1q_s16(x + (size_t)k * I + i);
            a[k] = vmlal_high_s16(vmlal_s16(a[k], vget_low_s16(u), vget_low_s16(xv)), u, xv);
            a[4 + k] = vmlal_high_s16(vmlal_s16(a[4 + k], vget_low_s16(v), vget_low_s16(xv)), v, xv);
        }
    }
    for (int k = 0; k < 8; k++) out[k] = vaddvq_s32(a[k]);
}
#endif

typedef void (*dot24_fn)(const int8_t *, const int8_t *, const int16_t *, int, int32_t *);

static dot24_fn pick_kernel(const char **name) {
#ifdef ENC_HAVE_AVX2
    if (!getenv("EDGE_AGENT_ENCODER_PLAIN_C") && __builtin_cpu_supports("avx2")) {
        *name = "avx2";
        return dot24_avx2;
    }
#endif
#ifdef ENC_HAVE_NEON
    if (!getenv("EDGE_AGENT_ENCODER_PLAIN_C")) {
        *name = "neon";
        return dot24_neon;
    }
#endif
    *name = "c";
    return dot24_c;
}

static dot24_fn kernel;
static const char *kernel_name;

const char *enc_kernel(void) {
    if (kernel == NULL) kernel = pick_kernel(&kernel_name);
    return kernel_name;
}

/* Every pair of weight rows (an odd last row paired with itself) against every block of
 * four tokens: the pair stays in L1 while the tokens stream past, so the weights are read
 * from memory once per product. x holds T4 = T rounded up to 4 rows (zeros past T). */
static void products(const int8_t *w, const float *ws, const float *bias, int O, int I, const int16_t *x,
                     const float *xs, int T, float *out) {
    int32_t sums[8];
    int block = 24576 / I < 2 ? 2 : 24576 / I;   /* 24 KiB of weight rows stay in L1 while the token blocks pass */
    for (int ob = 0; ob < O; ob += block) {
        int oe = ob + block < O ? ob + block : O;
        for (int t0 = 0; t0 < T; t0 += 4) {
            for (int o = ob; o < oe; o += 2) {
                int o1 = o + 1 < oe ? o + 1 : o;
                kernel(w + (size_t)o * I, w + (size_t)o1 * I, x + (size_t)t0 * I, I, sums);
                for (int k = 0; k < 4 && t0 + k < T; k++) {
                    out[(size_t)(t0 + k) * O + o] = xs[t0 + k] * ws[o] * (float)sums[k] + bias[o];
                    out[(size_t)(t0 + k) * O + o1] = xs[t0 + k] * ws[o1] * (float)sums[4 + k] + bias[o1];
                }
            }
        }
    }
}

void enc_qgemm(const int8_t *w, const float *ws, const float *bias, int O, int I,
               const int16_t *xq, const float *xs, int T, float *out) {
    ENC_ASSERT(I % 16 == 0 && I <= 8192);
    if (kernel == NULL) kernel = pick_kernel(&kernel_name);
    size_t t4 = ((size_t)T + 3) / 4 * 4;
    int16_t *pad = T % 4 ? calloc(t4 * (size_t)I, sizeof(int16_t)) : NULL;
    if (pad != NULL) memcpy(pad, xq, sizeof(int16_t) * (size_t)T * I);
    if (pad != NULL || T % 4 == 0) {
        products(w, ws, bias, O, I, pad != NULL ? pad : xq, xs, T, out);
        free(pad);
        return;
    }
    for (int t = 0; t < T; t++)   /* no memory for the padding: one token at a time, in plain C */
        for (int o = 0; o < O; o++)
            out[(size_t)t * O + o] = xs[t] * ws[o] * (float)dot1_c(w + (size_t)o * I, xq + (size_t)t * I, I) + bias[o];
}

/* ---- a question against stored float16 vectors ---- */

static float half_to_float(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff, bits;
    if (exp == 0x1f) bits = sign | 0x7f800000u | (man << 13);       /* inf, nan */
    else if (exp != 0) bits = sign | ((exp + 112) << 23) | (man << 13);
    else if (man == 0) bits = sign;                                    /* +-0 */
    else {                                                             /* subnormal: normalise */
        int e = -1;
        do {
            e++;
            man <<= 1;
        } while (!(man & 0x400));
        bits = sign | ((uint32_t)(112 - e) << 23) | ((man & 0x3ff) << 13);
    }
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static void dot_f16_c(const uint16_t *rows, int n, int d, const float *q, float *out) {
    for (int r = 0; r < n; r++) {
        const uint16_t *row = rows + (size_t)r * d;
        float acc = 0.0f;
        for (int i = 0; i < d; i++) acc += half_to_float(row[i]) * q[i];
        out[r] = acc;
    }
}

#ifdef ENC_HAVE_AVX2
__attribute__((target("avx2,f16c"))) static void dot_f16_avx2(const uint16_t *rows, int n, int d, const float *q,
                                                               float *out) {
    for (int r = 0; r < n; r++) {
        const uint16_t *row = rows + (size_t)r * d;
        __m256 acc = _mm256_setzero_ps();
        for (int i = 0; i < d; i += 8) {
            __m256 v = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + i)));
            acc = _mm256_add_ps(acc, _mm256_mul_ps(v, _mm256_loadu_ps(q + i)));
        }
        __m128 s = _mm_add_ps(_mm256_castps256_ps128(acc), _mm256_extractf128_ps(acc, 1));
        s = _mm_add_ps(s, _mm_movehl_ps(s, s));
        s = _mm_add_ss(s, _mm_shuffle_ps(s, s, 1));
        out[r] = _mm_cvtss_f32(s);
    }
}
#endif

#ifdef ENC_HAVE_NEON
static void dot_f16_neon(const uint16_t *rows, int n, int d, const float *q, float *out) {
    for (int r = 0; r < n; r++) {
        const uint16_t *row = rows + (size_t)r * d;
        float32x4_t acc = vdupq_n_f32(0.0f);
        for (int i = 0; i < d; i += 4) {
            float32x4_t v = vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(row + i)));
            acc = vaddq_f32(acc, vmulq_f32(v, vld1q_f32(q + i)));
        }
        out[r] = vaddvq_f32(acc);
    }
}
#endif

void enc_dot_f16(const uint16_t *rows, int n, int d, const float *q, float *out) {
    if (kernel == NULL) kernel = pick_kernel(&kernel_name);
#ifdef ENC_HAVE_AVX2
    if (kernel == dot24_avx2 && d % 8 == 0) {
        dot_f16_avx2(rows, n, d, q, out);
        return;
    }
#endif
#ifdef ENC_HAVE_NEON
    if (kernel == dot24_neon && d % 4 == 0) {
        dot_f16_neon(rows, n, d, q, out);
        return;
    }
#endif
    dot_f16_c(rows, n, d, q, out);
}

void enc_dot_i8(const int8_t *rows, const float *scales, int n, int d, const float *q, float *out) {
    for (int r = 0; r < n; r++) {
        const int8_t *row = rows + (size_t)r * d;
        float acc = 0.0f;
        for (int i = 0; i < d; i++) acc += (float)row[i] * q[i];
        out[r] = acc * scales[r];
    }
}

/* ---- the float parts of a layer ---- */

static void layer_norm(float *x, int T, int D, const float *w, const float *b) {
    for (int t = 0; t < T; t++) {
        float *row = x + (size_t)t * D;
        double mu = 0.0, var = 0.0;
        for (int i = 0; i < D; i++) mu += row[i];
        mu /= D;
        for (int i = 0; i < D; i++) var += (row[i] - mu) * (row[i] - mu);
        float inv = (float)(1.0 / sqrt(var / D + LN_EPS));
        for (int i = 0; i < D; i++) row[i] = (float)(row[i] - mu) * inv * w[i] + b[i];
    }
}

/* ctx (T x D) = softmax(q k^T / sqrt(hd)) v for every head; qkv is T x 3D. */
static void attention(const float *qkv, int T, int D, int heads, float *ctx, float *p) {
    int hd = D / heads;
    float scale = 1.0f / sqrtf((float)hd);
    for (int h = 0; h < heads; h++) {
        for (int i = 0; i < T; i++) {
            const float *q = qkv + (size_t)i * 3 * D + h * hd;
            float mx = -INFINITY;
            for (int j = 0; j < T; j++) {
                const float *k = qkv + (size_t)j * 3 * D + D + h * hd;
                float s = 0.0f;
                for (int e = 0; e < hd; e++) s += q[e] * k[e];
                p[j] = s * scale;
                mx = fmaxf(mx, p[j]);
            }
            float total = 0.0f;
            for (int j = 0; j < T; j++) total += (p[j] = expf(p[j] - mx));
            float *c = ctx + (size_t)i * D + h * hd;
            memset(c, 0, sizeof(float) * (size_t)hd);
            for (int j = 0; j < T; j++) {
                const float *v = qkv + (size_t)j * 3 * D + 2 * D + h * hd;
                float pj = p[j] / total;
                for (int e = 0; e < hd; e++) c[e] += pj * v[e];
            }
        }
    }
}

/* erf to 4.2e-7 (a rational function on [-4, 4], +-1 outside; the coefficients of Eigen's
 * float erf): no libm call, so GELU's loop vectorizes. _encoder_py.erf is the same function. */
static inline float fast_erf(float v) {
    float x = v < -4.0f ? -4.0f : v > 4.0f ? 4.0f : v, x2 = x * x;
    float p = -2.72614225801306e-10f;
    p = p * x2 + 2.77068142495902e-08f;
    p = p * x2 + -2.10102402082508e-06f;
    p = p * x2 + -5.69250639462346e-05f;
    p = p * x2 + -7.34990630326855e-04f;
    p = p * x2 + -2.95459980854025e-03f;
    p = p * x2 + -1.60960333262415e-02f;
    float q = -1.45660718464996e-05f;
    q = q * x2 + -2.13374055278905e-04f;
    q = q * x2 + -1.68282697438203e-03f;
    q = q * x2 + -7.37332916720468e-03f;
    q = q * x2 + -1.42647390514189e-02f;
    return x * p / q;
}

static void gelu(float *x, size_t n) {
    for (size_t i = 0; i < n; i++) x[i] = 0.5f * x[i] * (1.0f + fast_erf(x[i] * 0.70710678118654752f));
}

typedef struct {
    float *x, *qkv, *ctx, *tmp, *f, *xs, *p;
    int16_t *xq;
} scratch;

static void *make_scratch(const enc_model *m, int n, scratch *s) {
    size_t D = (size_t)m->dim, F = (size_t)m->ffn, N = (size_t)n;
    size_t floats = N * D * 3 + N * 3 * D + N * F + 2 * N;
    char *block = malloc(floats * sizeof(float) + N * (F > D ? F : D) * sizeof(int16_t));
    if (block == NULL) return NULL;
    float *f = (float *)block;
    s->x = f; f += N * D;
    s->qkv = f; f += N * 3 * D;
    s->ctx = f; f += N * D;
    s->tmp = f; f += N * D;
    s->f = f; f += N * F;
    s->xs = f; f += N;
    s->p = f; f += N;
    s->xq = (int16_t *)f;
    return block;
}

/* One linear layer: out = in @ W^T + b, with in quantized per token first. */
static void linear(const int8_t *w, const float *scale_bias, int O, int I, const float *in, int T,
                   scratch *s, float *out) {
    enc_quantize(in, T, I, s->xq, s->xs);
    enc_qgemm(w, scale_bias, scale_bias + O, O, I, s->xq, s->xs, T, out);
}

static void add_into(float *x, const float *y, size_t n) {
    for (size_t i = 0; i < n; i++) x[i] += y[i];
}

static void layer(const enc_model *m, const int8_t *qw, const float *fp, int T, scratch *s) {
    int D = m->dim, F = m->ffn;
    size_t d = (size_t)D, f = (size_t)F;
    const int8_t *wqkv = qw, *wo = wqkv + 3 * d * d, *w1 = wo + d * d, *w2 = w1 + f * d;
    const float *sqkv = fp, *so = sqkv + 6 * d, *ln1 = so + 2 * d, *s1 = ln1 + 2 * d, *s2 = s1 + 2 * f,
                *ln2 = s2 + 2 * d;
    linear(wqkv, sqkv, 3 * D, D, s->x, T, s, s->qkv);
    attention(s->qkv, T, D, m->heads, s->ctx, s->p);
    linear(wo, so, D, D, s->ctx, T, s, s->tmp);
    add_into(s->x, s->tmp, (size_t)T * d);
    layer_norm(s->x, T, D, ln1, ln1 + d);
    linear(w1, s1, F, D, s->x, T, s, s->f);
    gelu(s->f, (size_t)T * f);
    linear(w2, s2, D, F, s->f, T, s, s->tmp);
    add_into(s->x, s->tmp, (size_t)T * d);
    layer_norm(s->x, T, D, ln2, ln2 + d);
}

int enc_forward(const enc_model *m, const int32_t *ids, int n, float *out) {
    if (enc_check(m) != ENC_OK || n < 1 || n > m->max_pos) return ENC_BAD_SHAPE;
    for (int t = 0; t < n; t++)
        if (ids[t] < 0 || ids[t] >= m->vocab) return ENC_BAD_ID;
    scratch s;
    void *block = make_scratch(m, n, &s);
    if (block == NULL) return ENC_NO_MEMORY;
    size_t D = (size_t)m->dim, F = (size_t)m->ffn;
    for (int t = 0; t < n; t++)
        for (size_t i = 0; i < D; i++)
            s.x[t * D + i] = m->word[(size_t)ids[t] * D + i] + m->pos[t * D + i] + m->type0[i];
    layer_norm(s.x, n, m->dim, m->fp, m->fp + D);
    const int8_t *qw = m->qw;
    const float *fp = m->fp + 2 * D;
    for (int l = 0; l < m->layers; l++) {
        layer(m, qw, fp, n, &s);
        qw += 4 * D * D + 2 * F * D;
        fp += 14 * D + 2 * F;
    }
    double norm = 0.0;
    for (size_t i = 0; i < D; i++) {
        double sum = 0.0;
        for (int t = 0; t < n; t++) sum += s.x[t * D + i];
        out[i] = (float)(sum / n);
        norm += (double)out[i] * out[i];
    }
    float inv = (float)(1.0 / fmax(sqrt(norm), 1e-12));
    for (size_t i = 0; i < D; i++) out[i] *= inv;
    free(block);
    return ENC_OK;
}
