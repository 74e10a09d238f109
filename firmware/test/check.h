/* A minimal test harness for the host tests: CHECK records a failure with its line and goes
 * on; check_done prints a summary and gives the exit status. */
#ifndef PEG_CHECK_H
#define PEG_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_count;
static int check_failed;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        check_count++;                                                                 \
        if (!(cond)) {                                                                 \
            check_failed++;                                                            \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
        }                                                                              \
    } while (0)

#define CHECK_STR(got, want)                                                           \
    do {                                                                               \
        const char *got_ = (got), *want_ = (want);                                      \
        check_count++;                                                                 \
        if (strcmp(got_, want_) != 0) {                                                \
            check_failed++;                                                            \
            fprintf(stderr, "%s:%d: got \"%s\", want \"%s\"\n", __FILE__, __LINE__,     \
                    got_, want_);                                                      \
        }                                                                              \
    } while (0)

static inline int check_done(const char *suite)
{
    if (check_failed) {
        fprintf(stderr, "%s: %d of %d checks FAILED\n", suite, check_failed, check_count);
        return 1;
    }
    printf("%s: %d checks passed\n", suite, check_count);
    return 0;
}

#endif
