/* ringbuf_core.c: see ringbuf_core.h for the data layout and its invariants.
 * The pure-Python edge_agent/_ringbuf_py.py is the specification of every decision made
 * here (where a payload goes, when the arena grows, which groups are evicted). */
#include "ringbuf_core.h"

#include <stdlib.h>
#include <string.h>

#ifndef NDEBUG
#include <assert.h>
#define RB_ASSERT(x) assert(x)
#else
#define RB_ASSERT(x) ((void)0)
#endif

static rb_rec *rec_at(const rb_ring *r, size_t i) { return &r->recs[(r->rhead + i) % r->rcap]; }

static uint64_t group_at(const rb_ring *r, size_t g) { return r->groups[(r->ghead + g) % r->gcap]; }

int rb_init(rb_ring *r, size_t max_records, size_t max_bytes) {
    memset(r, 0, sizeof(*r));
    if (max_records < 1 || max_records > RB_MAX_CAPACITY) return -1;
    if (max_bytes < 1 || max_bytes > RB_MAX_CAPACITY) return -1;
    r->max_records = max_records;
    r->max_bytes = max_bytes;
    return 0;
}

void rb_free(rb_ring *r) {
    free(r->recs);
    free(r->groups);
    free(r->arena);
    r->recs = NULL;
    r->groups = NULL;
    r->arena = NULL;
    r->rcap = r->gcap = r->acap = r->count = r->gcount = 0;
}

const rb_rec *rb_get(const rb_ring *r, size_t index) {
    RB_ASSERT(index < r->count);
    return rec_at(r, index);
}

const unsigned char *rb_payload(const rb_ring *r, const rb_rec *rec) {
    /* empty payloads pushed before the arena exists: NULL + 0 is undefined behaviour in C */
    return r->arena != NULL ? r->arena + rec->off : (const unsigned char *)"";
}

uint64_t rb_tokens_from(const rb_ring *r, size_t index) {
    RB_ASSERT(index <= r->count);
    if (index == r->count) return 0;
    return r->cum_total - rec_at(r, index)->cum;
}

size_t rb_group_index(const rb_ring *r, size_t group) {
    RB_ASSERT(group < r->gcount);
    return (size_t)(group_at(r, group) - rec_at(r, 0)->seq);
}

size_t rb_tail_fit(const rb_ring *r, uint64_t budget) {
    if (r->count == 0) return 0;
    uint64_t head_seq = rec_at(r, 0)->seq;
    size_t lo = 0, hi = r->gcount;
    /* first group g whose suffix cum_total - cum(g) <= budget */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uint64_t cum = rec_at(r, (size_t)(group_at(r, mid) - head_seq))->cum;
        if (r->cum_total - cum <= budget)
            hi = mid;
        else
            lo = mid + 1;
    }
    if (lo == r->gcount) return r->count;
    return (size_t)(group_at(r, lo) - head_seq);
}

/* Grow a circular array to new_cap elements, laying its live part out from index 0. */
static void *grow_circular(void *buf, size_t elem, size_t cap, size_t head, size_t n, size_t new_cap) {
    unsigned char *out = malloc(new_cap * elem);
    if (out == NULL) return NULL;
    for (size_t i = 0; i < n; i++)
        memcpy(out + i * elem, (unsigned char *)buf + ((head + i) % cap) * elem, elem);
    free(buf);
    return out;
}

static int reserve_slots(rb_ring *r) {
    if (r->count == r->rcap && r->rcap < r->max_records) {
        size_t cap = r->rcap ? r->rcap * 2 : 8;
        if (cap > r->max_records) cap = r->max_records;
        rb_rec *recs = grow_circular(r->recs, sizeof(rb_rec), r->rcap, r->rhead, r->count, cap);
        if (recs == NULL) return -1;
        r->recs = recs;
        r->rcap = cap;
        r->rhead = 0;
    }
    if (r->gcap < r->rcap) {
        uint64_t *groups = grow_circular(r->groups, sizeof(uint64_t), r->gcap, r->ghead, r->gcount, r->rcap);
        if (groups == NULL) return -1;
        r->groups = groups;
        r->gcap = r->rcap;
        r->ghead = 0;
    }
    return 0;
}

/* Offset where n bytes fit without growing or evicting, or -1. */
static long long arena_fit(const rb_ring *r, size_t n) {
    if (r->count == 0) return n <= r->acap ? 0 : -1;
    if (!r->wrapped) {
        if (r->atail + n <= r->acap) return (long long)r->atail;
        return n <= r->ahead ? 0 : -1;
    }
    return r->atail + n <= r->ahead ? (long long)r->atail : -1;
}

static int arena_relayout(rb_ring *r, size_t cap) {
    unsigned char *out = malloc(cap ? cap : 1);
    if (out == NULL) return -1;
    size_t off = 0;
    for (size_t i = 0; i < r->count; i++) {
        rb_rec *rec = rec_at(r, i);
        if (rec->len) memcpy(out + off, r->arena + rec->off, rec->len);
        rec->off = (uint32_t)off;
        off += rec->len;
    }
    free(r->arena);
    r->arena = out;
    r->acap = cap;
    r->ahead = 0;
    r->atail = off;
    r->wrapped = 0;
    return 0;
}

/* Like arena_fit, but first grows the arena (doubling, up to max_bytes) when that helps.
 * Returns the offset, -1 when only eviction can make room, -2 on allocation failure. */
static long long arena_place(rb_ring *r, size_t n) {
    long long off = arena_fit(r, n);
    if (off >= 0 || r->acap >= r->max_bytes) return off;
    size_t cap = r->acap * 2 > RB_MIN_ARENA ? r->acap * 2 : RB_MIN_ARENA;
    while (cap < r->total_bytes + n) cap *= 2;
    if (cap > r->max_bytes) cap = r->max_bytes;
    if (arena_relayout(r, cap) != 0) return -2;
    return arena_fit(r, n);
}

static void drop_oldest(rb_ring *r) {
    rb_rec *rec = rec_at(r, 0);
    uint32_t old_off = rec->off;
    r->total_bytes -= rec->len;
    r->rhead = (r->rhead + 1) % r->rcap;
    r->count--;
    if (r->count == 0) {
        r->ahead = r->atail = 0;
        r->wrapped = 0;
        return;
    }
    uint32_t next = rec_at(r, 0)->off;
    if (next < old_off) r->wrapped = 0;
    r->ahead = next;
}

int rb_pop_group(rb_ring *r, rb_evict_fn fn, void *ctx) {
    RB_ASSERT(r->count > 0 && r->gcount > 0);
    RB_ASSERT(group_at(r, 0) == rec_at(r, 0)->seq);
    uint64_t end_seq = r->gcount > 1 ? group_at(r, 1) : r->next_seq;
    size_t n = (size_t)(end_seq - rec_at(r, 0)->seq);
    if (fn != NULL) {
        for (size_t i = 0; i < n; i++) {
            const rb_rec *rec = rec_at(r, i);
            if (fn(ctx, rec, rb_payload(r, rec)) != 0) return -1;
        }
    }
    r->mutations++;
    r->ghead = (r->ghead + 1) % r->gcap;
    r->gcount--;
    for (size_t i = 0; i < n; i++) drop_oldest(r);
    return 0;
}

static void append(rb_ring *r, uint8_t role, const unsigned char *payload, uint32_t len,
                   uint32_t tokens, double ts, uint8_t flags, size_t off, int opens) {
    r->mutations++;
    rb_rec *rec = &r->recs[(r->rhead + r->count) % r->rcap];
    rec->seq = r->next_seq;
    rec->cum = r->cum_total;
    rec->ts = ts;
    rec->off = (uint32_t)off;
    rec->len = len;
    rec->tokens = tokens;
    rec->role = role;
    rec->flags = flags;
    if (len) memcpy(r->arena + off, payload, len);
    r->count++;
    if (opens) {
        r->groups[(r->ghead + r->gcount) % r->gcap] = rec->seq;
        r->gcount++;
    }
    if (r->count > 1 && off < r->atail && !r->wrapped) r->wrapped = 1;
    if (r->count == 1) r->ahead = off;
    r->atail = off + len;
    r->next_seq++;
    r->cum_total += tokens;
    r->total_bytes += len;
    RB_ASSERT(r->total_bytes <= r->acap && r->acap <= r->max_bytes);
    RB_ASSERT(group_at(r, 0) == rec_at(r, 0)->seq);
}

int rb_push(rb_ring *r, uint8_t role, const unsigned char *payload, uint32_t len,
            uint32_t tokens, double ts, uint8_t flags, rb_evict_fn fn, void *ctx) {
    if (len > r->max_bytes) return -1;
    int opens = (flags & RB_GROUP_START) || r->count == 0;
    if (reserve_slots(r) != 0) return -1;
    long long off = arena_place(r, len);
    if (off == -2) return -1;
    while (r->count >= r->max_records || off < 0) {
        if (!opens && r->gcount == 1) {
            flags |= RB_ORPHAN;
            opens = 1;
        }
        if (rb_pop_group(r, fn, ctx) != 0) return -1;
        off = arena_fit(r, len);
    }
    append(r, role, payload, len, tokens, ts, flags, (size_t)off, opens || r->count == 0);
    return 0;
}

int rb_compact(rb_ring *r) {
    size_t cap = RB_MIN_ARENA;
    while (cap < r->total_bytes) cap *= 2;
    if (cap > r->max_bytes) cap = r->max_bytes;
    return arena_relayout(r, cap);
}
