/* The UART bridge: see serial.h. Single-threaded: the pty is polled from a cycle timer of the
 * simulation, so bytes and switch changes are ordered in simulated time. The slave side is
 * kept open by the bridge, so a host may close and reopen it as often as it likes. */
#define _GNU_SOURCE
#include "serial.h"

#include <avr_uart.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static void on_uart_byte(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    serial_t *s = param;
    uint8_t byte = (uint8_t)value;
    if (s->tap) {
        s->tap(s->tap_ctx, byte, s->avr->cycle);
    }
    if (s->master < 0) {
        return;
    }
    if (s->out_len < SERIAL_OUT_SIZE) {
        s->out[s->out_len++] = byte;
    } else {
        s->dropped++;
    }
}

/* Feeds the next waiting byte into the UART, one byte time after the previous. */
static avr_cycle_count_t feed_timer(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)avr;
    serial_t *s = param;
    if (s->in_len == 0) {
        return 0;
    }
    avr_raise_irq(s->to_avr, s->in[s->in_head]);
    s->in_head = (s->in_head + 1) % SERIAL_IN_SIZE;
    s->in_len--;
    return s->in_len ? when + s->byte_cycles : 0;
}

static void start_feeding(serial_t *s)
{
    if (s->in_len && avr_cycle_timer_status(s->avr, feed_timer, s) == 0) {
        avr_cycle_timer_register(s->avr, s->byte_cycles, feed_timer, s);
    }
}

int serial_init(serial_t *s, avr_t *avr, bool with_pty)
{
    memset(s, 0, sizeof *s);
    s->avr = avr;
    s->master = s->slave = -1;
    s->byte_cycles = avr->frequency / (SERIAL_BAUD / 10u);
    /* No copy of the UART's lines on simavr's log. */
    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(uint32_t)AVR_UART_FLAG_STDIO;
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    s->to_avr = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            on_uart_byte, s);
    if (!with_pty) {
        return 0;
    }
    struct termios raw;
    memset(&raw, 0, sizeof raw);
    cfmakeraw(&raw);
    cfsetspeed(&raw, B115200);
    if (openpty(&s->master, &s->slave, s->path, &raw, NULL) < 0) {
        return -1;
    }
    fcntl(s->master, F_SETFL, fcntl(s->master, F_GETFL) | O_NONBLOCK);
    fcntl(s->master, F_SETFD, FD_CLOEXEC);
    fcntl(s->slave, F_SETFD, FD_CLOEXEC);
    return 0;
}

void serial_from_host(serial_t *s, const uint8_t *bytes, size_t n)
{
    for (size_t i = 0; i < n && s->in_len < SERIAL_IN_SIZE; i++) {
        s->in[(s->in_head + s->in_len) % SERIAL_IN_SIZE] = bytes[i];
        s->in_len++;
    }
    start_feeding(s);
}

static void write_out(serial_t *s)
{
    while (s->out_len > 0) {
        ssize_t n = write(s->master, s->out, s->out_len);
        if (n <= 0) {
            return; /* EAGAIN: the host has not read; try again later */
        }
        memmove(s->out, s->out + n, s->out_len - (size_t)n);
        s->out_len -= (size_t)n;
    }
}

void serial_poll(serial_t *s)
{
    if (s->master < 0) {
        return;
    }
    uint8_t buf[512];
    size_t room = SERIAL_IN_SIZE - s->in_len;
    if (room > sizeof buf) {
        room = sizeof buf;
    }
    if (room > 0) {
        ssize_t n = read(s->master, buf, room);
        if (n > 0) {
            serial_from_host(s, buf, (size_t)n);
        }
    }
    write_out(s);
}

void serial_after_reset(serial_t *s)
{
    start_feeding(s);
}

void serial_flush(serial_t *s, int timeout_ms)
{
    if (s->master < 0) {
        return;
    }
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        write_out(s);
        if (s->out_len == 0) {
            break;
        }
        clock_gettime(CLOCK_MONOTONIC, &now);
        long waited = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (waited >= timeout_ms) {
            break;
        }
        struct pollfd p = {s->master, POLLOUT, 0};
        poll(&p, 1, 10);
    }
    /* Let the host read what the pty holds before the slave side goes away, as long as it
     * keeps reading. */
    int last = -1, still = 0;
    for (int i = 0; i < timeout_ms / 10 && still < 20; i++) {
        int queued = 0;
        if (ioctl(s->slave, FIONREAD, &queued) != 0 || queued == 0) {
            break;
        }
        still = queued == last ? still + 1 : 0;
        last = queued;
        struct timespec pause = {0, 10 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
}

void serial_close(serial_t *s)
{
    if (s->master >= 0) {
        close(s->master);
    }
    if (s->slave >= 0) {
        close(s->slave);
    }
    s->master = s->slave = -1;
}
