/* The sentence encoder's forward pass in C: a BERT encoder (all-MiniLM-L6-v2's shape) whose
 * linear layers run on int8 weights. See encoder_core.c for the layout and the arithmetic;
 * edge_agent/memory/_encoder_py.py is the specification it follows. */
#ifndef EDGE_AGENT_ENCODER_CORE_H
#define EDGE_AGENT_ENCODER_CORE_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    int layers, heads, dim, ffn, vocab, max_pos;
    const int8_t *qw;    /* per layer: Wqkv (3*dim x dim), Wo (dim x dim), W1 (ffn x dim), W2 (dim x ffn) */
    const float *fp;     /* emb LN w, b; per layer: the scales and biases of those four, two LNs */
    const float *word;   /* vocab x dim */
    const float *pos;    /* max_pos x dim */
    const float *type0;  /* dim: token type 0 */
} enc_model;

enum { ENC_OK = 0, ENC_BAD_ID = -1, ENC_NO_MEMORY = -2, ENC_BAD_SHAPE = -3 };

size_t enc_qw_len(const enc_model *m);   /* int8 values the model's qw must hold */
size_t enc_fp_len(const enc_model *m);   /* float32 values its fp must hold */
int enc_check(const enc_model *m);       /* ENC_OK or ENC_BAD_SHAPE */

#define ENC_ACT_MAX 2047   /* activations are quantized to 12 bits */

/* Per-row symmetric quantization of x (rows x cols): q = round(x / s), s = max|x| / ENC_ACT_MAX
 * (s = 1 for an all-zero row); rounding half to even, as numpy's round. */
void enc_quantize(const float *x, int rows, int cols, int16_t *q, float *s);

/* out[t*O + o] = xs[t] * ws[o] * sum_i xq[t*I + i] * w[o*I + i] + bias[o]; I % 16 == 0,
 * I <= 8192, |xq| <= ENC_ACT_MAX, |w| <= 127.
 * The integer sums are exact; the kernel (AVX2, NEON or plain C) changes no result. */
void enc_qgemm(const int8_t *w, const float *ws, const float *bias, int O, int I,
               const int16_t *xq, const float *xs, int T, float *out);

/* The unit vector (m->dim floats) of one sequence of n token ids (1 <= n <= max_pos). */
int enc_forward(const enc_model *m, const int32_t *ids, int n, float *out);

/* out[r] = sum_i half_to_float(rows[r*d + i]) * q[i]: a question's cosine with n stored
 * float16 unit vectors (IEEE binary16 bit patterns), without a float32 copy of the rows. */
void enc_dot_f16(const uint16_t *rows, int n, int d, const float *q, float *out);

/* out[r] = scales[r] * sum_i rows[r*d + i] * q[i]: the same over int8 rows with a scale each
 * (what recall stores: 388 bytes a message, not 768). */
void enc_dot_i8(const int8_t *rows, const float *scales, int n, int d, const float *q, float *out);

const char *enc_kernel(void);            /* "avx2", "neon" or "c": the qgemm kernel in use */

#endif
