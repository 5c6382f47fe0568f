/* libFuzzer target for the ring core (make fuzz): the input is a program of ring operations.
 *
 * Byte 0-1 pick the capacities (records, arena bytes); then each operation is one opcode
 * byte and its operands: push (role, flags, tokens, a payload length and the payload bytes
 * taken from the input), pop a group, compact, read a record, tail_fit, tokens_from. A
 * shadow model (the FNV-1a hash and length of every pushed payload, by seq) checks after
 * every operation that the live records are a contiguous run of seqs ending at next_seq,
 * hold exactly the bytes that were pushed, and that counts, byte and token totals, group
 * starts and the capacity bounds agree. Built with ASan + UBSan and the core's assertions. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ringbuf_core.h"

#define MAX_OPS 4096

typedef struct {
    uint64_t hash;
    uint32_t len;
    uint32_t tokens;
} shadow_rec;

static shadow_rec shadow[MAX_OPS];

static uint64_t fnv1a(const unsigned char *p, size_t n) {
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

static int count_evicted(void *ctx, const rb_rec *rec, const unsigned char *payload) {
    if (fnv1a(payload, rec->len) != shadow[rec->seq].hash) abort();   /* evicted bytes intact */
    (*(size_t *)ctx)++;
    return 0;
}

static void check(const rb_ring *r) {
    if (r->count > r->max_records || r->total_bytes > r->max_bytes) abort();
    size_t bytes = 0;
    uint64_t tokens = 0;
    for (size_t i = 0; i < r->count; i++) {
        const rb_rec *rec = rb_get(r, i);
        if (rec->seq != r->next_seq - r->count + i) abort();            /* contiguous, oldest first */
        const shadow_rec *s = &shadow[rec->seq];
        if (rec->len != s->len || rec->tokens != s->tokens) abort();
        if (fnv1a(rb_payload(r, rec), rec->len) != s->hash) abort();
        if (i == 0 && !(rec->flags & RB_GROUP_START) && !(rec->flags & RB_ORPHAN) && r->gcount == 0) abort();
        bytes += rec->len;
        tokens += rec->tokens;
    }
    if (bytes != r->total_bytes) abort();
    if (r->count && rb_tokens_from(r, 0) != tokens) abort();
    if ((r->count == 0) != (r->gcount == 0)) abort();
    if (r->count && rb_group_index(r, 0) != 0) abort();
}

static uint8_t take(const uint8_t **p, size_t *n) {
    if (*n == 0) return 0;
    (*n)--;
    return *(*p)++;
}

static void push(rb_ring *r, const uint8_t **p, size_t *n) {
    uint8_t role = take(p, n) & 3, flags = take(p, n) & RB_GROUP_START;
    uint32_t tokens = take(p, n);
    uint32_t len = take(p, n);
    if (take(p, n) & 1) len *= 16;                                      /* some large payloads */
    unsigned char payload[256 * 16];
    for (uint32_t i = 0; i < len; i++) payload[i] = *n ? take(p, n) : (unsigned char)i;
    if (r->next_seq >= MAX_OPS) return;
    shadow[r->next_seq] = (shadow_rec){fnv1a(payload, len), len, tokens};
    size_t evicted = 0, before = r->count;
    uint64_t seq = r->next_seq;
    int rc = rb_push(r, role, payload, len, tokens, (double)seq, flags, count_evicted, &evicted);
    if (len > r->max_bytes) {
        if (rc == 0) abort();                                          /* too big: refused, nothing changed */
        return;
    }
    if (rc != 0 || r->next_seq != seq + 1 || r->count != before - evicted + 1) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    rb_ring r;
    size_t max_records = 1 + data[0] % 64, max_bytes = 1 + (size_t)data[1] * 32;
    if (rb_init(&r, max_records, max_bytes) != 0) abort();
    const uint8_t *p = data + 2;
    size_t n = size - 2;
    while (n > 0 && r.next_seq < MAX_OPS) {
        switch (take(&p, &n) % 6) {
        case 0: case 1: push(&r, &p, &n); break;
        case 2: if (r.count) { size_t ev = 0; if (rb_pop_group(&r, count_evicted, &ev) != 0 || !ev) abort(); } break;
        case 3: if (rb_compact(&r) != 0) abort(); break;
        case 4: {
            uint64_t budget = (uint64_t)take(&p, &n) * 4;
            size_t start = rb_tail_fit(&r, budget);
            if (start > r.count) abort();
            if (start < r.count && rb_tokens_from(&r, start) > budget) abort();
            break;
        }
        default: if (r.count) (void)rb_tokens_from(&r, take(&p, &n) % r.count); break;
        }
        check(&r);
    }
    rb_free(&r);
    return 0;
}
