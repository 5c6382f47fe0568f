/* edge_agent._encoder: CPython functions around the encoder core (encoder_core.h).
 *
 * Arrays cross as buffers (numpy arrays, memoryviews): C-contiguous, of the item type each
 * argument names, and at least as long as the shapes given say; anything else is a
 * TypeError or ValueError before any work. The GIL is released while the core computes, so
 * another thread (the memory's own work on the event loop) runs beside an encoding.
 * edge_agent/memory/_encoder_py.py is the specification of every function here.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "encoder_core.h"

/* A buffer of ``n`` items of the type ``code`` ('b' int8, 'h' int16, 'i' int32, 'e' float16,
 * 'f' float32). */
static int get_buffer(PyObject *obj, const char *name, char code, Py_ssize_t n, int writable, Py_buffer *view) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) return -1;
    const char *fmt = view->format ? view->format : "B";
    if (*fmt == '<' || *fmt == '=' || *fmt == '@') fmt++;
    Py_ssize_t size = code == 'b' ? 1 : code == 'h' || code == 'e' ? 2 : 4;
    int ok = view->itemsize == size && fmt[1] == '\0' &&
             (fmt[0] == code || (code == 'i' && fmt[0] == 'l' && sizeof(long) == 4));
    if (!ok) {
        PyErr_Format(PyExc_TypeError, "%s must hold items of format '%c', got '%s' (itemsize %zd)", name, code,
                     view->format ? view->format : "B", view->itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    if (view->len / size < n) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd items, %zd needed", name, view->len / size, n);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

typedef struct {
    PyObject *obj;
    const char *name;
    char code;
    Py_ssize_t n;
    int writable;
} buffer_spec;

/* Every buffer of ``specs`` into ``views``; on an error the ones taken are released. */
static int get_buffers(const buffer_spec *specs, int count, Py_buffer *views) {
    for (int i = 0; i < count; i++) {
        if (get_buffer(specs[i].obj, specs[i].name, specs[i].code, specs[i].n, specs[i].writable, &views[i]) < 0) {
            while (i-- > 0) PyBuffer_Release(&views[i]);
            return -1;
        }
    }
    return 0;
}

static void release_buffers(Py_buffer *views, int count) {
    for (int i = 0; i < count; i++) PyBuffer_Release(&views[i]);
}

static int positive(int v, const char *name) {
    if (v < 1) {
        PyErr_Format(PyExc_ValueError, "%s must be >= 1, got %d", name, v);
        return -1;
    }
    return 0;
}

static PyObject *enc_forward_py(PyObject *self, PyObject *args) {
    PyObject *o_qw, *o_fp, *o_word, *o_pos, *o_type, *o_ids, *o_out;
    enc_model m;
    if (!PyArg_ParseTuple(args, "OOOOOOOiiii:forward", &o_qw, &o_fp, &o_word, &o_pos, &o_type, &o_ids, &o_out,
                          &m.layers, &m.heads, &m.dim, &m.ffn))
        return NULL;
    if (positive(m.layers, "layers") || positive(m.heads, "heads") || positive(m.dim, "dim") || positive(m.ffn, "ffn"))
        return NULL;
    m.vocab = m.max_pos = 1;
    if (enc_check(&m) != ENC_OK) {
        PyErr_SetString(PyExc_ValueError, "dim and ffn must be multiples of 16, dim a multiple of heads");
        return NULL;
    }
    buffer_spec specs[7] = {{o_qw, "qw", 'b', (Py_ssize_t)enc_qw_len(&m), 0}, {o_fp, "fp", 'f', (Py_ssize_t)enc_fp_len(&m), 0},
                            {o_word, "word", 'f', m.dim, 0}, {o_pos, "pos", 'f', m.dim, 0},
                            {o_type, "type0", 'f', m.dim, 0}, {o_ids, "ids", 'i', 1, 0}, {o_out, "out", 'f', m.dim, 1}};
    Py_buffer b[7];
    PyObject *result = NULL;
    if (get_buffers(specs, 7, b) < 0) return NULL;
    m.qw = b[0].buf;
    m.fp = b[1].buf;
    m.word = b[2].buf;
    m.pos = b[3].buf;
    m.type0 = b[4].buf;
    m.vocab = (int)(b[2].len / 4 / m.dim);
    m.max_pos = (int)(b[3].len / 4 / m.dim);
    int n = (int)(b[5].len / 4), rc;
    Py_BEGIN_ALLOW_THREADS
    rc = enc_forward(&m, b[5].buf, n, b[6].buf);
    Py_END_ALLOW_THREADS
    if (rc == ENC_BAD_ID) PyErr_Format(PyExc_ValueError, "a token id is outside the vocabulary of %d", m.vocab);
    else if (rc == ENC_BAD_SHAPE) PyErr_Format(PyExc_ValueError, "%d tokens: at most %d positions", n, m.max_pos);
    else if (rc == ENC_NO_MEMORY) PyErr_NoMemory();
    else { Py_INCREF(Py_None); result = Py_None; }   /* Py_NewRef is 3.10+: 3.9 is the floor */
    release_buffers(b, 7);
    return result;
}

static PyObject *enc_qgemm_py(PyObject *self, PyObject *args) {
    PyObject *o_w, *o_ws, *o_bias, *o_xq, *o_xs, *o_out;
    int O, I, T;
    if (!PyArg_ParseTuple(args, "OOOiiOOiO:qgemm", &o_w, &o_ws, &o_bias, &O, &I, &o_xq, &o_xs, &T, &o_out))
        return NULL;
    if (positive(O, "O") || positive(I, "I") || positive(T, "T")) return NULL;
    if (I % 16) {
        PyErr_Format(PyExc_ValueError, "I must be a multiple of 16, got %d", I);
        return NULL;
    }
    Py_ssize_t o = O, i = I, t = T;
    buffer_spec specs[6] = {{o_w, "w", 'b', o * i, 0}, {o_ws, "ws", 'f', o, 0}, {o_bias, "bias", 'f', o, 0},
                            {o_xq, "xq", 'h', t * i, 0}, {o_xs, "xs", 'f', t, 0}, {o_out, "out", 'f', t * o, 1}};
    Py_buffer b[6];
    if (get_buffers(specs, 6, b) < 0) return NULL;
    Py_BEGIN_ALLOW_THREADS
    enc_qgemm(b[0].buf, b[1].buf, b[2].buf, O, I, b[3].buf, b[4].buf, T, b[5].buf);
    Py_END_ALLOW_THREADS
    release_buffers(b, 6);
    Py_RETURN_NONE;
}

static PyObject *enc_quantize_py(PyObject *self, PyObject *args) {
    PyObject *o_x, *o_q, *o_s;
    int rows, cols;
    if (!PyArg_ParseTuple(args, "OiiOO:quantize", &o_x, &rows, &cols, &o_q, &o_s)) return NULL;
    if (positive(rows, "rows") || positive(cols, "cols")) return NULL;
    Py_ssize_t r = rows, c = cols;
    buffer_spec specs[3] = {{o_x, "x", 'f', r * c, 0}, {o_q, "q", 'h', r * c, 1}, {o_s, "s", 'f', r, 1}};
    Py_buffer b[3];
    if (get_buffers(specs, 3, b) < 0) return NULL;
    enc_quantize(b[0].buf, rows, cols, b[1].buf, b[2].buf);
    release_buffers(b, 3);
    Py_RETURN_NONE;
}

static PyObject *enc_dot_f16_py(PyObject *self, PyObject *args) {
    PyObject *o_rows, *o_q, *o_out;
    int n, d;
    if (!PyArg_ParseTuple(args, "OiiOO:dot_f16", &o_rows, &n, &d, &o_q, &o_out)) return NULL;
    if (n < 0 || positive(d, "d")) {
        if (n < 0) PyErr_Format(PyExc_ValueError, "n must be >= 0, got %d", n);
        return NULL;
    }
    buffer_spec specs[3] = {{o_rows, "rows", 'e', (Py_ssize_t)n * d, 0}, {o_q, "q", 'f', d, 0}, {o_out, "out", 'f', n, 1}};
    Py_buffer b[3];
    if (get_buffers(specs, 3, b) < 0) return NULL;
    Py_BEGIN_ALLOW_THREADS
    enc_dot_f16(b[0].buf, n, d, b[1].buf, b[2].buf);
    Py_END_ALLOW_THREADS
    release_buffers(b, 3);
    Py_RETURN_NONE;
}

static PyObject *enc_dot_i8_py(PyObject *self, PyObject *args) {
    PyObject *o_rows, *o_scales, *o_q, *o_out;
    int n, d;
    if (!PyArg_ParseTuple(args, "OOiiOO:dot_i8", &o_rows, &o_scales, &n, &d, &o_q, &o_out)) return NULL;
    if (n < 0 || positive(d, "d")) {
        if (n < 0) PyErr_Format(PyExc_ValueError, "n must be >= 0, got %d", n);
        return NULL;
    }
    buffer_spec specs[4] = {{o_rows, "rows", 'b', (Py_ssize_t)n * d, 0}, {o_scales, "scales", 'f', n, 0},
                            {o_q, "q", 'f', d, 0}, {o_out, "out", 'f', n, 1}};
    Py_buffer b[4];
    if (get_buffers(specs, 4, b) < 0) return NULL;
    Py_BEGIN_ALLOW_THREADS
    enc_dot_i8(b[0].buf, b[1].buf, n, d, b[2].buf, b[3].buf);
    Py_END_ALLOW_THREADS
    release_buffers(b, 4);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"dot_i8", enc_dot_i8_py, METH_VARARGS,
     "dot_i8(rows, scales, n, d, q, out): out = scales * (rows.astype(float32) @ q) for n int8 rows of d"},
    {"dot_f16", enc_dot_f16_py, METH_VARARGS,
     "dot_f16(rows, n, d, q, out): out = rows.astype(float32) @ q for n float16 rows of d"},
    {"forward", enc_forward_py, METH_VARARGS,
     "forward(qw, fp, word, pos, type0, ids, out, layers, heads, dim, ffn): the unit vector of one sequence"},
    {"qgemm", enc_qgemm_py, METH_VARARGS,
     "qgemm(w, ws, bias, O, I, xq, xs, T, out): out = xs * ws * (xq @ w.T) + bias"},
    {"quantize", enc_quantize_py, METH_VARARGS, "quantize(x, rows, cols, q, s): per-row int8 quantization"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "edge_agent._encoder",
                                    "The sentence encoder's forward pass in C (int8 linear layers).", -1, methods};

PyMODINIT_FUNC PyInit__encoder(void) {
    PyObject *mod = PyModule_Create(&module);
    if (mod == NULL) return NULL;
    if (PyModule_AddStringConstant(mod, "KERNEL", enc_kernel()) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
