/* Byte-level BPE: merge the adjacent pair of lowest rank (leftmost among equal ranks) until
 * none has a merge, as the tokenizers library's Word::merge_all does; a queued merge is
 * stale when the pair at its position no longer yields the same new id. The queue is a
 * binary min-heap on (rank, position). Symbols live in arrays indexed by their first byte's
 * position, linked by prev/next; a merged-away symbol is marked dead. */
#include "bpe_core.h"

#include <stdlib.h>

typedef struct {
    uint32_t rank, pos, new_id;
} merge;

uint32_t bpe_slot_of(uint32_t a, uint32_t b, uint32_t mask) {
    uint32_t h = (a * 0x9E3779B1u) ^ (b * 0x85EBCA77u);
    h ^= h >> 15;
    return h & mask;
}

/* 1 and the merge's rank and new id when (a, b) merges, else 0. */
static int lookup(const bpe_table *t, uint32_t a, uint32_t b, uint32_t *rank, uint32_t *new_id) {
    for (uint32_t i = bpe_slot_of(a, b, t->mask);; i = (i + 1) & t->mask) {
        const uint32_t *s = t->slots + (size_t)i * 4;
        if (s[0] == BPE_EMPTY) return 0;
        if (s[0] == a && s[1] == b) {
            *rank = s[2];
            *new_id = s[3];
            return 1;
        }
    }
}

static int before(const merge *x, const merge *y) {
    return x->rank < y->rank || (x->rank == y->rank && (x->pos < y->pos || (x->pos == y->pos && x->new_id < y->new_id)));
}

static void push(merge *heap, size_t *len, merge m) {
    size_t i = (*len)++;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (!before(&m, &heap[up])) break;
        heap[i] = heap[up];
        i = up;
    }
    heap[i] = m;
}

static merge pop(merge *heap, size_t *len) {
    merge top = heap[0], last = heap[--(*len)];
    size_t i = 0;
    for (;;) {
        size_t kid = 2 * i + 1;
        if (kid >= *len) break;
        if (kid + 1 < *len && before(&heap[kid + 1], &heap[kid])) kid++;
        if (!before(&heap[kid], &last)) break;
        heap[i] = heap[kid];
        i = kid;
    }
    if (*len > 0) heap[i] = last;
    return top;
}

static void queue_pair(const bpe_table *t, merge *heap, size_t *len, uint32_t a, uint32_t b, size_t pos) {
    uint32_t rank, new_id;
    if (lookup(t, a, b, &rank, &new_id)) push(heap, len, (merge){rank, (uint32_t)pos, new_id});
}

long bpe_word_len(const bpe_table *t, const uint8_t *word, size_t n) {
    if (n < 2) return (long)n;
    if (n > UINT32_MAX / 4) return -1;
    uint32_t *sym = malloc(n * sizeof *sym);
    int64_t *prev = malloc(n * sizeof *prev), *next = malloc(n * sizeof *next);
    unsigned char *alive = malloc(n);
    merge *heap = malloc(3 * n * sizeof *heap);   /* n - 1 at first, then at most 2 per merge */
    long left = -1;
    if (!sym || !prev || !next || !alive || !heap) goto done;
    for (size_t i = 0; i < n; i++) {
        sym[i] = t->byte_ids[word[i]];
        prev[i] = (int64_t)i - 1;
        next[i] = (int64_t)i + 1;
        alive[i] = 1;
    }
    size_t len = 0;
    for (size_t i = 0; i + 1 < n; i++) queue_pair(t, heap, &len, sym[i], sym[i + 1], i);
    left = (long)n;
    while (len > 0) {
        merge top = pop(heap, &len);
        size_t pos = top.pos;
        if (!alive[pos] || next[pos] >= (int64_t)n) continue;
        size_t right = (size_t)next[pos];
        uint32_t rank, new_id;
        if (!lookup(t, sym[pos], sym[right], &rank, &new_id) || new_id != top.new_id) continue;
        sym[pos] = new_id;
        alive[right] = 0;
        next[pos] = next[right];
        if (next[pos] < (int64_t)n) prev[next[pos]] = (int64_t)pos;
        left--;
        if (prev[pos] >= 0) queue_pair(t, heap, &len, sym[prev[pos]], new_id, (size_t)prev[pos]);
        if (next[pos] < (int64_t)n) queue_pair(t, heap, &len, new_id, sym[next[pos]], pos);
    }
done:
    free(sym);
    free(prev);
    free(next);
    free(alive);
    free(heap);
    return left;
}
