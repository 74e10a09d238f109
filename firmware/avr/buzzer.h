/* The buzzer (a passive piezo) on OC1A: a 2 kHz square wave while on. */
#ifndef PEG_BUZZER_H
#define PEG_BUZZER_H

#include <stdbool.h>

#define BUZZER_HZ 2000u

void buzzer_init(void);
void buzzer_set(bool on);

#endif
