/* Checks and measurements of the firmware in simulated time, without a pseudo-terminal: the
 * harness plays the host itself and timestamps every byte on the wire in CPU cycles. */
#ifndef SIM_BENCH_H
#define SIM_BENCH_H

/* Protocol and timing checks; prints each and returns the exit status (0: all held). */
int bench_self_test(const char *elf);
/* Scan rate, latency from a switch settling to its line, CPU load, stack: a report. */
int bench_run(const char *elf);

#endif
