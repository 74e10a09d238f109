/* Constant strings and tables kept in flash on the AVR (2 KB of RAM is precious) and in
 * ordinary memory on the host, read through the same two helpers. */
#ifndef PEG_FLASH_H
#define PEG_FLASH_H

#include <stdint.h>

#ifdef __AVR__
#include <avr/pgmspace.h>
#define IN_FLASH PROGMEM
static inline uint8_t flash_byte(const void *p) { return pgm_read_byte(p); }
static inline const void *flash_ptr(const void *const *p) { return (const void *)pgm_read_word(p); }
#else
#define IN_FLASH
static inline uint8_t flash_byte(const void *p) { return *(const uint8_t *)p; }
static inline const void *flash_ptr(const void *const *p) { return *p; }
#endif

/* Copies a NUL-terminated string from flash to out (without the NUL); returns its length. */
static inline uint8_t flash_copy(char *out, const char *src)
{
    uint8_t n = 0;
    char c;
    while ((c = (char)flash_byte(src + n)) != '\0') {
        out[n++] = c;
    }
    return n;
}

#endif
