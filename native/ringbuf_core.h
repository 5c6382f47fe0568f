/* ringbuf_core.h: the C99 core of edge-agent's bounded ring buffer, free of Python.
 *
 * Data layout
 * -----------
 * A ring holds records in a circular array `recs` (capacity `rcap`, grown by doubling up
 * to max_records) starting at `rhead`. Each record is 40 bytes: its sequence number, the
 * running token sum before it (`cum`), its timestamp, the offset and length of its payload
 * in the byte arena, its token count, role and flags. Payloads live in one circular byte
 * arena (`arena`, capacity `acap`, grown by doubling from 64 up to max_bytes and re-laid
 * from offset 0 when it grows). `ahead` is the offset of the oldest payload, `atail` the
 * end of the newest; `wrapped` says the newest payloads were placed at the arena's start
 * while older ones still sit near its end. Group starts (the seq of the first record of
 * each turn group) live in a second circular array `groups`.
 *
 * Invariants (checked under #ifndef NDEBUG)
 * -----------------------------------------
 * - count <= max_records, total_bytes <= acap <= max_bytes (once anything was stored).
 * - record i has seq == recs[rhead].seq + i: sequence numbers are contiguous.
 * - the oldest record opens the oldest group: groups[ghead] == recs[rhead].seq.
 * - the tokens of records i.. are cum_total - recs[i].cum, so any suffix sum is O(1)
 *   and tail_fit is a binary search over group starts.
 *
 * The Python module (ringbuf.c) wraps this core; the C unit test (test_ringbuf_core.c)
 * drives it directly, natively and under qemu for 32- and 64-bit ARM.
 */
#ifndef EDGE_AGENT_RINGBUF_CORE_H
#define EDGE_AGENT_RINGBUF_CORE_H

#include <stddef.h>
#include <stdint.h>

#define RB_GROUP_START 0x01u
#define RB_ORPHAN 0x02u
#define RB_MIN_ARENA 64u
#define RB_MAX_CAPACITY 2147483647u

typedef struct {
    uint64_t seq;
    uint64_t cum;
    double ts;
    uint32_t off;
    uint32_t len;
    uint32_t tokens;
    uint8_t role;
    uint8_t flags;
} rb_rec;

typedef struct {
    rb_rec *recs;
    size_t rcap, rhead, count;
    uint64_t *groups;
    size_t gcap, ghead, gcount;
    unsigned char *arena;
    size_t acap, ahead, atail;
    int wrapped;
    size_t max_records, max_bytes;
    uint64_t next_seq, cum_total;
    size_t total_bytes;
    uint64_t mutations;
} rb_ring;

/* Evicted records are reported through this callback, oldest first; payload points into
 * the arena and is valid only during the call. Returns 0 to go on, -1 to abort. */
typedef int (*rb_evict_fn)(void *ctx, const rb_rec *rec, const unsigned char *payload);

int rb_init(rb_ring *r, size_t max_records, size_t max_bytes);
void rb_free(rb_ring *r);
const rb_rec *rb_get(const rb_ring *r, size_t index);
const unsigned char *rb_payload(const rb_ring *r, const rb_rec *rec);
uint64_t rb_tokens_from(const rb_ring *r, size_t index);
size_t rb_group_index(const rb_ring *r, size_t group);
size_t rb_tail_fit(const rb_ring *r, uint64_t budget);
/* Returns 0 on success, -1 on allocation failure or callback abort (ring unchanged in the
 * first case, groups already reported stay evicted in the second). */
int rb_push(rb_ring *r, uint8_t role, const unsigned char *payload, uint32_t len,
            uint32_t tokens, double ts, uint8_t flags, rb_evict_fn fn, void *ctx);
int rb_pop_group(rb_ring *r, rb_evict_fn fn, void *ctx);
int rb_compact(rb_ring *r);

#endif
