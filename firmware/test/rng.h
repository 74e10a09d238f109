/* A small seeded generator for the property tests (splitmix64): the same seed gives the same
 * cases on every machine, so a failure's seed reproduces it. */
#ifndef PEG_RNG_H
#define PEG_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t state;
} rng_t;

static inline uint64_t rng_next(rng_t *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A number in [lo, hi]. */
static inline uint32_t rng_range(rng_t *r, uint32_t lo, uint32_t hi)
{
    return lo + (uint32_t)(rng_next(r) % ((uint64_t)hi - lo + 1u));
}

/* True with probability percent / 100. */
static inline int rng_chance(rng_t *r, uint32_t percent)
{
    return rng_range(r, 0, 99) < percent;
}

#endif
