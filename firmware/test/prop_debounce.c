/* Property test of the debouncer under random switch bounce.
 *
 * Each case drives random inputs of the chain with settled levels held for random times,
 * every change preceded by a burst of random bounce, plus short glitches. Checked:
 *  1. the debouncer accepts a level exactly when the definition says so: at the scan where
 *     an input has read the same level DEBOUNCE_SCANS + 1 times running, and only then
 *     (a reference computed from the raw samples alone);
 *  2. with bursts and glitches shorter than the window, the levels reported for each input
 *     are exactly its intended settled levels, in order: bounce adds nothing, loses nothing;
 *  3. after the last hold, every input reads its final level.
 *
 * Usage: prop_debounce [seed [cases]]. A failure prints the seed that reproduces it. */
#include <stdlib.h>

#include "check.h"
#include "debounce.h"
#include "rng.h"

#define MAX_SCANS 3000
#define MAX_SEGMENTS 64

typedef struct {
    uint8_t level[MAX_SCANS];         /* raw sample per scan */
    uint8_t intended[MAX_SEGMENTS];   /* settled levels, in order (no repeats) */
    int n_intended;
} input_plan_t;

static input_plan_t plans[DEBOUNCE_INPUTS];

/* Fills one input's samples: start level, then segments of [bounce burst][hold]. */
static void plan_input(rng_t *r, input_plan_t *p, int scans, int glitches)
{
    uint8_t level = (uint8_t)rng_range(r, 0, 1);
    int t = 0;
    p->n_intended = 0;
    p->intended[p->n_intended++] = level;
    int first_hold = (int)rng_range(r, 1, 80); /* scan 0 reads the start level */
    for (; t < first_hold && t < scans; t++) {
        p->level[t] = level;
    }
    while (t < scans) {
        uint8_t next = (uint8_t)!level;
        /* Bounce: random levels for up to DEBOUNCE_SCANS - 1 scans (shorter than the window). */
        int burst = (int)rng_range(r, 0, DEBOUNCE_SCANS - 1);
        for (int i = 0; i < burst && t < scans; i++, t++) {
            p->level[t] = (uint8_t)rng_range(r, 0, 1);
        }
        /* Sometimes a glitch: the other level for less than the window, then back (after a
         * sample of the settled level, so that the burst does not lengthen it). */
        if (glitches && rng_chance(r, 30)) {
            if (t < scans) {
                p->level[t++] = level;
            }
            int glitch = (int)rng_range(r, 1, DEBOUNCE_SCANS);
            for (int i = 0; i < glitch && t < scans; i++, t++) {
                p->level[t] = next;
            }
            next = level; /* the settled level does not change */
        }
        /* Hold: long enough to be accepted (the window and a few scans to spare). */
        int hold = (int)rng_range(r, DEBOUNCE_SCANS + 1, DEBOUNCE_SCANS + 120);
        for (int i = 0; i < hold && t < scans; i++, t++) {
            p->level[t] = next;
        }
        if (t >= scans) {
            /* The last hold may be cut short: then it must not count as intended. */
            int held = 0;
            for (int i = scans - 1; i >= 0 && p->level[i] == next; i--) {
                held++;
            }
            if (held >= (int)DEBOUNCE_SCANS + 1 && next != level &&
                p->n_intended < MAX_SEGMENTS) {
                p->intended[p->n_intended++] = next;
            }
            break;
        }
        if (next != level && p->n_intended < MAX_SEGMENTS) {
            p->intended[p->n_intended++] = next;
        }
        level = next;
    }
}

static int run_case(uint64_t seed)
{
    rng_t r = {seed};
    int scans = (int)rng_range(&r, 100, MAX_SCANS);
    int active = (int)rng_range(&r, 1, DEBOUNCE_INPUTS);
    int glitches = rng_chance(&r, 50);
    uint8_t is_active[DEBOUNCE_INPUTS] = {0};
    for (int i = 0; i < active; i++) {
        is_active[rng_range(&r, 0, DEBOUNCE_INPUTS - 1)] = 1;
    }
    uint8_t quiet_level[DEBOUNCE_INPUTS];
    for (int in = 0; in < (int)DEBOUNCE_INPUTS; in++) {
        if (is_active[in]) {
            plan_input(&r, &plans[in], scans, glitches);
        } else {
            quiet_level[in] = (uint8_t)rng_range(&r, 0, 1);
        }
    }
    uint8_t sample[CHAIN_BYTES], changed[CHAIN_BYTES];
    /* Reference state per input: accepted level and run length of the current raw level. */
    uint8_t ref_level[DEBOUNCE_INPUTS], ref_last[DEBOUNCE_INPUTS];
    int ref_run[DEBOUNCE_INPUTS];
    int reported[DEBOUNCE_INPUTS]; /* how many intended levels matched so far */
    debounce_t d;
    for (int t = 0; t < scans; t++) {
        memset(sample, 0, sizeof sample);
        for (int in = 0; in < (int)DEBOUNCE_INPUTS; in++) {
            uint8_t v = is_active[in] ? plans[in].level[t] : quiet_level[in];
            sample[in / 8] |= (uint8_t)(v << (in % 8));
        }
        if (t == 0) {
            debounce_init(&d, sample);
            for (int in = 0; in < (int)DEBOUNCE_INPUTS; in++) {
                ref_level[in] = ref_last[in] = (sample[in / 8] >> (in % 8)) & 1u;
                ref_run[in] = DEBOUNCE_SCANS + 1;
                reported[in] = 1;
            }
            continue;
        }
        debounce_step(&d, sample, changed);
        for (int in = 0; in < (int)DEBOUNCE_INPUTS; in++) {
            uint8_t v = (sample[in / 8] >> (in % 8)) & 1u;
            ref_run[in] = v == ref_last[in] ? ref_run[in] + 1 : 1;
            ref_last[in] = v;
            int ref_flip = 0;
            if (v != ref_level[in] && ref_run[in] >= (int)DEBOUNCE_SCANS + 1) {
                ref_level[in] = v;
                ref_flip = 1;
            }
            int flip = (changed[in / 8] >> (in % 8)) & 1;
            int level = (d.stable[in / 8] >> (in % 8)) & 1;
            if (flip != ref_flip || level != ref_level[in]) {
                fprintf(stderr, "input %d, scan %d: flipped %d (want %d), level %d (want %d)\n",
                        in, t, flip, ref_flip, level, ref_level[in]);
                return 0;
            }
            if (flip) {
                input_plan_t *p = &plans[in];
                if (!is_active[in] || reported[in] >= p->n_intended ||
                    p->intended[reported[in]] != level) {
                    fprintf(stderr, "input %d, scan %d: level %d reported, not intended\n", in,
                            t, level);
                    return 0;
                }
                reported[in]++;
            }
        }
    }
    for (int in = 0; in < (int)DEBOUNCE_INPUTS; in++) {
        if (is_active[in] && reported[in] != plans[in].n_intended) {
            fprintf(stderr, "input %d: %d of %d intended levels reported\n", in, reported[in],
                    plans[in].n_intended);
            return 0;
        }
    }
    return 1;
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 20240601u;
    long cases = argc > 2 ? strtol(argv[2], NULL, 0) : 1000;
    rng_t seeds = {seed};
    for (long c = 0; c < cases; c++) {
        uint64_t case_seed = c == 0 && argc > 2 && cases == 1 ? seed : rng_next(&seeds);
        CHECK(run_case(case_seed));
        if (check_failed) {
            fprintf(stderr, "prop_debounce: case %ld failed; reproduce with: prop_debounce %llu 1\n",
                    c, (unsigned long long)case_seed);
            return 1;
        }
    }
    printf("prop_debounce: %ld random bounce cases passed (seed %llu)\n", cases,
           (unsigned long long)seed);
    return 0;
}
