/* C unit test of the ring core, without Python: run natively (make native-test) and under
 * qemu-aarch64 / qemu-arm (make cross-check) to prove the core on 64- and 32-bit ARM. */
#include <stdio.h>
#include <string.h>

#include "ringbuf_core.h"

static int failures = 0;
#define CHECK(cond)                                                       \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                   \
        }                                                                 \
    } while (0)

typedef struct {
    size_t count;
    size_t bytes;
    uint64_t last_seq;
} evict_log;

static int on_evict(void *ctx, const rb_rec *rec, const unsigned char *payload) {
    evict_log *log = ctx;
    (void)payload;
    log->count++;
    log->bytes += rec->len;
    log->last_seq = rec->seq;
    return 0;
}

static int push(rb_ring *r, uint8_t role, const char *text, uint32_t tokens, int opens, evict_log *log) {
    return rb_push(r, role, (const unsigned char *)text, (uint32_t)strlen(text), tokens, 0.0,
                   opens ? RB_GROUP_START : 0, on_evict, log);
}

static void test_groups_and_tail_fit(void) {
    rb_ring r;
    evict_log log = {0};
    CHECK(rb_init(&r, 5, 1 << 16) == 0);
    CHECK(push(&r, 1, "q1", 10, 1, &log) == 0);
    CHECK(push(&r, 2, "a1", 10, 0, &log) == 0);
    CHECK(push(&r, 1, "q2", 5, 1, &log) == 0);
    CHECK(push(&r, 2, "a2", 5, 0, &log) == 0);
    CHECK(push(&r, 1, "q3", 3, 1, &log) == 0);
    CHECK(r.count == 5 && r.gcount == 3);
    CHECK(rb_tail_fit(&r, 1000) == 0);
    CHECK(rb_tail_fit(&r, 13) == 2);
    CHECK(rb_tail_fit(&r, 12) == 4);
    CHECK(rb_tail_fit(&r, 2) == 5);
    CHECK(rb_tokens_from(&r, 2) == 13);
    CHECK(push(&r, 2, "a3", 1, 0, &log) == 0); /* count bound: evicts the whole first group */
    CHECK(log.count == 2 && log.last_seq == 1);
    CHECK(rb_get(&r, 0)->seq == 2 && rb_group_index(&r, 0) == 0);
    rb_free(&r);
}

static void test_bytes_and_orphan(void) {
    rb_ring r;
    evict_log log = {0};
    CHECK(rb_init(&r, 100, 64) == 0);
    for (int i = 0; i < 50; i++) {
        CHECK(push(&r, 1, "0123456789abcdefghij", 1, 1, &log) == 0);
        CHECK(r.total_bytes <= 64 && r.acap <= 64);
    }
    CHECK(r.count == 3);
    rb_free(&r);
    CHECK(rb_init(&r, 3, 1024) == 0);
    memset(&log, 0, sizeof(log));
    push(&r, 1, "q", 1, 1, &log);
    push(&r, 2, "a1", 1, 0, &log);
    push(&r, 2, "a2", 1, 0, &log);
    push(&r, 2, "a3", 1, 0, &log);
    CHECK(log.count == 3 && r.count == 1 && (rb_get(&r, 0)->flags & RB_ORPHAN));
    rb_free(&r);
}

static void test_many_cycles(void) {
    rb_ring r;
    evict_log log = {0};
    CHECK(rb_init(&r, 256, 8192) == 0);
    uint64_t pushed = 0;
    for (int i = 0; i < 200000; i++) {
        CHECK(push(&r, 1, "payload of a message", 7, i % 3 == 0, &log) == 0);
        pushed++;
        if (i % 997 == 0 && r.count) rb_pop_group(&r, on_evict, &log);
        if (i % 5003 == 0) CHECK(rb_compact(&r) == 0);
    }
    CHECK(log.count + r.count == pushed);
    CHECK(rb_tokens_from(&r, 0) == 7u * r.count);
    CHECK(r.count <= 256 && r.total_bytes <= 8192);
    rb_free(&r);
}

int main(void) {
    test_groups_and_tail_fit();
    test_bytes_and_orphan();
    test_many_cycles();
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("ringbuf core: all checks passed (%zu-bit)\n", sizeof(void *) * 8);
    return 0;
}
