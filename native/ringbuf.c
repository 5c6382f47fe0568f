/* edge_agent._ringbuf: CPython type around the ring core (ringbuf_core.h).
 *
 * Every method mirrors edge_agent/_ringbuf_py.py, which is the specification: the same
 * arguments, return values and exception types. Records cross into Python as tuples
 * (seq, role, flags, tokens, ts, payload_bytes). A mutation counter makes an iterator
 * raise RuntimeError when the ring changed under it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "ringbuf_core.h"

typedef struct {
    PyObject_HEAD
    rb_ring ring;
} RingObject;

typedef struct {
    PyObject_HEAD
    RingObject *owner;
    size_t index;
    uint64_t mutations;
} RingIterObject;

static PyTypeObject RingType;
static PyTypeObject RingIterType;

/* Parse an int argument in [lo, hi]: TypeError for non-ints, ValueError when out of range. */
static int get_int(PyObject *obj, const char *name, long long lo, long long hi, long long *out) {
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", name, Py_TYPE(obj)->tp_name);
        return -1;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be in [%lld, %lld], got %R", name, lo, hi, obj);
        return -1;
    }
    *out = v;
    return 0;
}

static PyObject *record_tuple(const rb_rec *rec, const unsigned char *payload) {
    /* an empty payload may sit at a NULL arena: never hand NULL to PyBytes */
    PyObject *bytes = PyBytes_FromStringAndSize(rec->len ? (const char *)payload : "", (Py_ssize_t)rec->len);
    if (bytes == NULL) return NULL;
    return Py_BuildValue("(KiiIdN)", (unsigned long long)rec->seq, (int)rec->role, (int)rec->flags,
                         (unsigned int)rec->tokens, rec->ts, bytes);
}

static int collect(void *ctx, const rb_rec *rec, const unsigned char *payload) {
    PyObject *tuple = record_tuple(rec, payload);
    if (tuple == NULL) return -1;
    int rc = PyList_Append((PyObject *)ctx, tuple);
    Py_DECREF(tuple);
    return rc;
}

static int ring_init(RingObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"max_records", "max_bytes", NULL};
    PyObject *o_records, *o_bytes;
    long long max_records, max_bytes;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO:RingBuffer", kwlist, &o_records, &o_bytes)) return -1;
    if (get_int(o_records, "max_records", 1, RB_MAX_CAPACITY, &max_records) < 0) return -1;
    if (get_int(o_bytes, "max_bytes", 1, RB_MAX_CAPACITY, &max_bytes) < 0) return -1;
    rb_free(&self->ring);
    if (rb_init(&self->ring, (size_t)max_records, (size_t)max_bytes) != 0) {
        PyErr_SetString(PyExc_ValueError, "invalid ring capacities");
        return -1;
    }
    return 0;
}

static void ring_dealloc(RingObject *self) {
    rb_free(&self->ring);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t ring_len(RingObject *self) { return (Py_ssize_t)self->ring.count; }

static PyObject *ring_item(RingObject *self, Py_ssize_t index) {
    if (index < 0 || (size_t)index >= self->ring.count) {
        PyErr_SetString(PyExc_IndexError, "ring index out of range");
        return NULL;
    }
    const rb_rec *rec = rb_get(&self->ring, (size_t)index);
    return record_tuple(rec, rb_payload(&self->ring, rec));
}

static PyObject *ring_subscript(RingObject *self, PyObject *key) {
    if (!PyLong_Check(key)) {
        PyErr_Format(PyExc_TypeError, "ring indices must be integers, not %.100s", Py_TYPE(key)->tp_name);
        return NULL;
    }
    Py_ssize_t index = PyLong_AsSsize_t(key);
    if (index == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_SetString(PyExc_IndexError, "ring index out of range");
        return NULL;
    }
    if (index < 0) index += (Py_ssize_t)self->ring.count;
    return ring_item(self, index);
}

static PyObject *ring_push(RingObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"role", "payload", "tokens", "ts", "flags", NULL};
    PyObject *o_role, *o_payload, *o_tokens, *o_ts, *o_flags = NULL;
    long long role, tokens, flags = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO|O:push", kwlist, &o_role, &o_payload, &o_tokens,
                                     &o_ts, &o_flags))
        return NULL;
    if (self->ring.max_records == 0) {
        PyErr_SetString(PyExc_RuntimeError, "RingBuffer.__init__ was not called");
        return NULL;
    }
    if (get_int(o_role, "role", 0, 255, &role) < 0) return NULL;
    if (!PyBytes_Check(o_payload)) {
        PyErr_Format(PyExc_TypeError, "payload must be bytes, not %.100s", Py_TYPE(o_payload)->tp_name);
        return NULL;
    }
    if (get_int(o_tokens, "tokens", 0, 4294967295LL, &tokens) < 0) return NULL;
    if (!PyFloat_Check(o_ts) && !PyLong_Check(o_ts)) {
        PyErr_Format(PyExc_TypeError, "ts must be a number, not %.100s", Py_TYPE(o_ts)->tp_name);
        return NULL;
    }
    double ts = PyFloat_AsDouble(o_ts);
    if (ts == -1.0 && PyErr_Occurred()) return NULL;
    if (o_flags != NULL && get_int(o_flags, "flags", 0, 255, &flags) < 0) return NULL;
    Py_ssize_t len = PyBytes_GET_SIZE(o_payload);
    if ((size_t)len > self->ring.max_bytes) {
        PyErr_Format(PyExc_ValueError, "payload of %zd bytes exceeds max_bytes=%zu", len, self->ring.max_bytes);
        return NULL;
    }
    PyObject *evicted = PyList_New(0);
    if (evicted == NULL) return NULL;
    if (rb_push(&self->ring, (uint8_t)role, (const unsigned char *)PyBytes_AS_STRING(o_payload), (uint32_t)len,
                (uint32_t)tokens, ts, (uint8_t)flags, collect, evicted) != 0)
        goto fail;
    return evicted;
fail:
    Py_DECREF(evicted);
    if (!PyErr_Occurred()) PyErr_NoMemory();
    return NULL;
}

static PyObject *ring_pop_group(RingObject *self, PyObject *Py_UNUSED(ignored)) {
    if (self->ring.count == 0) {
        PyErr_SetString(PyExc_IndexError, "pop from an empty ring buffer");
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    if (rb_pop_group(&self->ring, collect, out) != 0) goto fail;
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

static PyObject *ring_clear(RingObject *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    while (self->ring.count > 0)
        if (rb_pop_group(&self->ring, collect, out) != 0) goto fail;
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

static PyObject *ring_compact(RingObject *self, PyObject *Py_UNUSED(ignored)) {
    if (rb_compact(&self->ring) != 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *ring_tokens_from(RingObject *self, PyObject *arg) {
    long long index;
    if (get_int(arg, "index", 0, (long long)self->ring.count, &index) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(rb_tokens_from(&self->ring, (size_t)index));
}

static PyObject *ring_group_index(RingObject *self, PyObject *arg) {
    if (!PyLong_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "group must be an int, not %.100s", Py_TYPE(arg)->tp_name);
        return NULL;
    }
    Py_ssize_t group = PyLong_AsSsize_t(arg);
    if (group == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        group = PY_SSIZE_T_MAX;
    }
    if (group < 0) group += (Py_ssize_t)self->ring.gcount;
    if (group < 0 || (size_t)group >= self->ring.gcount) {
        PyErr_SetString(PyExc_IndexError, "group index out of range");
        return NULL;
    }
    return PyLong_FromSize_t(rb_group_index(&self->ring, (size_t)group));
}

static PyObject *ring_tail_fit(RingObject *self, PyObject *arg) {
    long long budget;
    if (get_int(arg, "budget", 0, 9223372036854775807LL, &budget) < 0) return NULL;
    return PyLong_FromSize_t(rb_tail_fit(&self->ring, (uint64_t)budget));
}

static PyObject *ring_iter(RingObject *self) {
    RingIterObject *it = PyObject_New(RingIterObject, &RingIterType);
    if (it == NULL) return NULL;
    Py_INCREF(self);
    it->owner = self;
    it->index = 0;
    it->mutations = self->ring.mutations;
    return (PyObject *)it;
}

static PyObject *get_total_tokens(RingObject *self, void *c) {
    return PyLong_FromUnsignedLongLong(rb_tokens_from(&self->ring, 0));
}
static PyObject *get_total_bytes(RingObject *self, void *c) { return PyLong_FromSize_t(self->ring.total_bytes); }
static PyObject *get_max_records(RingObject *self, void *c) { return PyLong_FromSize_t(self->ring.max_records); }
static PyObject *get_max_bytes(RingObject *self, void *c) { return PyLong_FromSize_t(self->ring.max_bytes); }
static PyObject *get_next_seq(RingObject *self, void *c) {
    return PyLong_FromUnsignedLongLong(self->ring.next_seq);
}
static PyObject *get_n_groups(RingObject *self, void *c) { return PyLong_FromSize_t(self->ring.gcount); }
static PyObject *get_capacity(RingObject *self, void *c) { return PyLong_FromSize_t(self->ring.acap); }

static PyObject *ring_sizeof(RingObject *self, PyObject *Py_UNUSED(ignored)) {
    size_t n = sizeof(RingObject) + self->ring.rcap * sizeof(rb_rec) + self->ring.gcap * sizeof(uint64_t) +
               self->ring.acap;
    return PyLong_FromSize_t(n);
}

static PyGetSetDef ring_getset[] = {
    {"total_tokens", (getter)get_total_tokens, NULL, "tokens of all records", NULL},
    {"total_bytes", (getter)get_total_bytes, NULL, "payload bytes of all records", NULL},
    {"max_records", (getter)get_max_records, NULL, "record bound", NULL},
    {"max_bytes", (getter)get_max_bytes, NULL, "arena bound in bytes", NULL},
    {"next_seq", (getter)get_next_seq, NULL, "seq the next record gets", NULL},
    {"n_groups", (getter)get_n_groups, NULL, "turn groups held", NULL},
    {"capacity_bytes", (getter)get_capacity, NULL, "bytes the arena holds now", NULL},
    {NULL},
};

static PyMethodDef ring_methods[] = {
    {"push", (PyCFunction)(void (*)(void))ring_push, METH_VARARGS | METH_KEYWORDS,
     "push(role, payload, tokens, ts, flags=0) -> list of evicted records"},
    {"pop_group", (PyCFunction)ring_pop_group, METH_NOARGS, "remove and return the oldest turn group"},
    {"clear", (PyCFunction)ring_clear, METH_NOARGS, "remove and return every record"},
    {"compact", (PyCFunction)ring_compact, METH_NOARGS, "shrink the arena to fit"},
    {"tokens_from", (PyCFunction)ring_tokens_from, METH_O, "tokens of records from index on"},
    {"group_index", (PyCFunction)ring_group_index, METH_O, "ring index of a group's first record"},
    {"tail_fit", (PyCFunction)ring_tail_fit, METH_O, "earliest group start whose suffix fits budget"},
    {"__sizeof__", (PyCFunction)ring_sizeof, METH_NOARGS, "bytes held"},
    {NULL},
};

static PySequenceMethods ring_as_sequence = {
    .sq_length = (lenfunc)ring_len,
};

static PyMappingMethods ring_as_mapping = {
    .mp_length = (lenfunc)ring_len,
    .mp_subscript = (binaryfunc)ring_subscript,
};

static PyTypeObject RingType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "edge_agent._ringbuf.RingBuffer",
    .tp_basicsize = sizeof(RingObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Bounded FIFO of conversation records, evicting whole turn groups.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)ring_init,
    .tp_dealloc = (destructor)ring_dealloc,
    .tp_as_sequence = &ring_as_sequence,
    .tp_as_mapping = &ring_as_mapping,
    .tp_iter = (getiterfunc)ring_iter,
    .tp_methods = ring_methods,
    .tp_getset = ring_getset,
};

static void iter_dealloc(RingIterObject *it) {
    Py_XDECREF(it->owner);
    PyObject_Free(it);
}

static PyObject *iter_next(RingIterObject *it) {
    if (it->owner->ring.mutations != it->mutations) {
        PyErr_SetString(PyExc_RuntimeError, "ring buffer mutated during iteration");
        return NULL;
    }
    if (it->index >= it->owner->ring.count) return NULL;
    const rb_rec *rec = rb_get(&it->owner->ring, it->index++);
    return record_tuple(rec, rb_payload(&it->owner->ring, rec));
}

static PyTypeObject RingIterType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "edge_agent._ringbuf.RingIterator",
    .tp_basicsize = sizeof(RingIterObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)iter_dealloc,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)iter_next,
};

static struct PyModuleDef ringbuf_module = {
    PyModuleDef_HEAD_INIT, "edge_agent._ringbuf", "C ring buffer for edge-agent sessions.", -1, NULL,
};

PyMODINIT_FUNC PyInit__ringbuf(void) {
    if (PyType_Ready(&RingType) < 0 || PyType_Ready(&RingIterType) < 0) return NULL;
    PyObject *m = PyModule_Create(&ringbuf_module);
    if (m == NULL) return NULL;
    Py_INCREF(&RingType);
    if (PyModule_AddObject(m, "RingBuffer", (PyObject *)&RingType) < 0) goto fail;
    if (PyModule_AddIntConstant(m, "GROUP_START", RB_GROUP_START) < 0) goto fail;
    if (PyModule_AddIntConstant(m, "ORPHAN", RB_ORPHAN) < 0) goto fail;
    return m;
fail:
    Py_DECREF(&RingType);
    Py_DECREF(m);
    return NULL;
}
