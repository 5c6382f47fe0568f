/* Byte-level BPE over a packed merge table: how many tokens a word makes.
 * edge_agent/_bpe_py.py is the specification this follows, step for step. */
#ifndef EDGE_AGENT_BPE_CORE_H
#define EDGE_AGENT_BPE_CORE_H

#include <stddef.h>
#include <stdint.h>

#define BPE_EMPTY 0xFFFFFFFFu

typedef struct {
    const uint32_t *slots;    /* (mask + 1) slots of four: left id, right id, rank, new id */
    uint32_t mask;            /* slots - 1, a power of two less one */
    const uint32_t *byte_ids; /* 256: the id of each byte's token */
} bpe_table;

/* The tokens of ``word`` (``n`` bytes), or -1 when scratch memory cannot be had. */
long bpe_word_len(const bpe_table *t, const uint8_t *word, size_t n);

/* The first slot probed for the pair (a, b). */
uint32_t bpe_slot_of(uint32_t a, uint32_t b, uint32_t mask);

#endif
