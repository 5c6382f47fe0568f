/* edge_agent._bpe: CPython function around the BPE core (bpe_core.h).
 * edge_agent/_bpe_py.py's ``count`` is the specification of ``count`` here. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "bpe_core.h"

/* A C-contiguous buffer of uint32 items (format 'I', or 'L' where long is 4 bytes). */
static int get_u32(PyObject *obj, const char *name, Py_buffer *view) {
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    const char *fmt = view->format ? view->format : "B";
    if (*fmt == '<' || *fmt == '=' || *fmt == '@') fmt++;
    if (view->itemsize != 4 || fmt[1] != '\0' || (fmt[0] != 'I' && !(fmt[0] == 'L' && sizeof(long) == 4))) {
        PyErr_Format(PyExc_TypeError, "%s must hold uint32 items, got format '%s'", name, view->format ? view->format : "B");
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static PyObject *bpe_count_py(PyObject *self, PyObject *args) {
    PyObject *o_slots, *o_bytes, *words;
    unsigned long mask;
    if (!PyArg_ParseTuple(args, "OkOO:count", &o_slots, &mask, &o_bytes, &words)) return NULL;
    Py_buffer slots, byte_ids;
    if (get_u32(o_slots, "slots", &slots) < 0) return NULL;
    if (get_u32(o_bytes, "byte_ids", &byte_ids) < 0) {
        PyBuffer_Release(&slots);
        return NULL;
    }
    PyObject *result = NULL, *seq = NULL;
    if (mask > UINT32_MAX || (mask & (mask + 1)) != 0 || (size_t)slots.len / 16 != (size_t)mask + 1) {
        PyErr_Format(PyExc_ValueError, "slots must hold (mask + 1) * 4 items for a mask of 2^k - 1");
        goto out;
    }
    if (byte_ids.len / 4 < 256) {
        PyErr_SetString(PyExc_ValueError, "byte_ids must hold 256 items");
        goto out;
    }
    seq = PySequence_Fast(words, "words must be a sequence of bytes");
    if (!seq) goto out;
    bpe_table t = {slots.buf, (uint32_t)mask, byte_ids.buf};
    long total = 0;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        PyObject *w = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyBytes_Check(w)) {
            PyErr_Format(PyExc_TypeError, "words[%zd] must be bytes, not %.100s", i, Py_TYPE(w)->tp_name);
            goto out;
        }
        long n = bpe_word_len(&t, (const uint8_t *)PyBytes_AS_STRING(w), (size_t)PyBytes_GET_SIZE(w));
        if (n < 0) {
            PyErr_NoMemory();
            goto out;
        }
        total += n;
    }
    result = PyLong_FromLong(total);
out:
    Py_XDECREF(seq);
    PyBuffer_Release(&slots);
    PyBuffer_Release(&byte_ids);
    return result;
}

static PyMethodDef methods[] = {
    {"count", bpe_count_py, METH_VARARGS,
     "count(slots, mask, byte_ids, words) -> the tokens byte-level BPE makes of all words"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "edge_agent._bpe",
                                    "Byte-level BPE over a packed merge table (see edge_agent/_bpe_py.py).", -1, methods};

PyMODINIT_FUNC PyInit__bpe(void) { return PyModule_Create(&module); }
