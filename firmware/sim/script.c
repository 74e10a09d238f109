/* The simulated board's commands: see script.h. */
#include "script.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define KEY_TAP_MS 60

static const char *const KEY_NAMES[KEY_INPUTS] = {"clock", "time", "repeat", "talk", "yes", "no"};

void script_init(script_t *sc, sim_t *sim, FILE *out)
{
    memset(sc, 0, sizeof *sc);
    sc->sim = sim;
    sc->out = out;
}

static int parse_square(const char *w)
{
    if (strlen(w) != 2) {
        return -1;
    }
    int file = tolower((unsigned char)w[0]) - 'a';
    int rank = w[1] - '1';
    if (file < 0 || file > 7 || rank < 0 || rank > 7) {
        return -1;
    }
    return rank * 8 + file;
}

static int parse_key(const char *w)
{
    for (int k = 0; k < KEY_INPUTS; k++) {
        if (strcasecmp(w, KEY_NAMES[k]) == 0) {
            return k;
        }
    }
    return -1;
}

static bool parse_ms(const char *w, int *ms)
{
    char *end;
    long v = strtol(w, &end, 10);
    if (!*w || *end || v < 0 || v > 3600000) {
        return false;
    }
    *ms = (int)v;
    return true;
}

bool script_parse_cells(const char *text, bool full[64])
{
    if (strcasecmp(text, "start") == 0 || strcasecmp(text, "empty") == 0) {
        bool start = tolower((unsigned char)text[0]) == 's';
        for (int sq = 0; sq < 64; sq++) {
            full[sq] = start && (sq < 16 || sq >= 48);
        }
        return true;
    }
    if (strlen(text) != 64) {
        return false;
    }
    for (int i = 0; i < 64; i++) {
        char c = text[i];
        int sq = (7 - i / 8) * 8 + i % 8;
        if (c == '.') {
            full[sq] = false;
        } else if (c == 'x' || strchr("KQRBNPkqrbnpwb", c)) {
            full[sq] = true;
        } else {
            return false;
        }
    }
    return true;
}

static bool fail(script_t *sc, long lineno, const char *line, const char *why)
{
    sc->errors++;
    fprintf(stderr, "pegboard-sim: line %ld: %s: '%s' (UP e2, DOWN e4, KEY clock, WAIT 50, ...)\n",
            lineno, why, line);
    return false;
}

bool script_line(script_t *sc, const char *line, long lineno)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", line);
    char *hash = strchr(copy, '#');
    if (hash) {
        *hash = '\0';
    }
    char *words[3] = {0};
    int n = 0;
    for (char *w = strtok(copy, " \t\r\n"); w; w = strtok(NULL, " \t\r\n")) {
        if (n < 3) {
            words[n] = w;
        }
        n++;
    }
    if (n == 0) {
        return true;
    }
    if (sc->len >= SCRIPT_QUEUE) {
        return fail(sc, lineno, line, "too many commands waiting");
    }
    script_cmd_t cmd;
    memset(&cmd, 0, sizeof cmd);
    const char *verb = words[0];
    const char *arg = n > 1 ? words[1] : "";
    if (n > 2) {
        return fail(sc, lineno, line, "too many words");
    }
    if (!strcasecmp(verb, "UP") || !strcasecmp(verb, "DOWN")) {
        cmd.kind = SC_SET_INPUT;
        cmd.input = parse_square(arg);
        cmd.value = !strcasecmp(verb, "DOWN");
        if (cmd.input < 0) {
            return fail(sc, lineno, line, "not a square");
        }
    } else if (!strcasecmp(verb, "KEY") || !strcasecmp(verb, "PRESS") ||
               !strcasecmp(verb, "RELEASE")) {
        int key = parse_key(arg);
        if (key < 0) {
            return fail(sc, lineno, line, "not a key (clock time repeat talk yes no)");
        }
        cmd.kind = !strcasecmp(verb, "KEY") ? SC_KEY : SC_SET_INPUT;
        cmd.input = SIM_SQUARES + key;
        cmd.value = strcasecmp(verb, "RELEASE") != 0;
    } else if (!strcasecmp(verb, "WAIT") || !strcasecmp(verb, "BOUNCE")) {
        cmd.kind = !strcasecmp(verb, "WAIT") ? SC_WAIT : SC_BOUNCE;
        if (!parse_ms(arg, &cmd.value)) {
            return fail(sc, lineno, line, "not a number of milliseconds");
        }
    } else if (!strcasecmp(verb, "SET")) {
        bool full[64];
        if (!script_parse_cells(arg, full)) {
            return fail(sc, lineno, line, "not 64 cells ('.' or 'x'), start or empty");
        }
        cmd.kind = SC_SET_ALL;
        for (int sq = 0; sq < 64; sq++) {
            cmd.text[sq] = full[sq] ? 'x' : '.';
        }
    } else if (!strcasecmp(verb, "CHAIN")) {
        cmd.kind = SC_CHAIN;
        if (!strcasecmp(arg, "broken")) {
            cmd.value = 1;
        } else if (strcasecmp(arg, "ok") != 0) {
            return fail(sc, lineno, line, "CHAIN broken or CHAIN ok");
        }
    } else if (!strcasecmp(verb, "RESET") && n == 1) {
        cmd.kind = SC_RESET;
    } else if (!strcasecmp(verb, "SYNC")) {
        cmd.kind = SC_SYNC;
        snprintf(cmd.text, sizeof cmd.text, "%s", arg);
    } else {
        return fail(sc, lineno, line, "unknown command");
    }
    sc->queue[(sc->head + sc->len) % SCRIPT_QUEUE] = cmd;
    sc->len++;
    return true;
}

static void run(script_t *sc, const script_cmd_t *cmd)
{
    sim_t *s = sc->sim;
    switch (cmd->kind) {
    case SC_SET_INPUT:
        sim_set_input(s, cmd->input, cmd->value);
        if (cmd->input >= SIM_SQUARES) {
            sc->release_at[cmd->input - SIM_SQUARES] = 0;
        }
        break;
    case SC_KEY:
        sim_set_input(s, cmd->input, true);
        /* Held long enough to count once its bounce is over. */
        sc->release_at[cmd->input - SIM_SQUARES] =
            s->avr->cycle + sim_cycles(s, KEY_TAP_MS + s->bounce_ms);
        break;
    case SC_WAIT:
        sc->wait_until = s->avr->cycle + sim_cycles(s, cmd->value);
        break;
    case SC_BOUNCE:
        s->bounce_ms = cmd->value;
        break;
    case SC_SET_ALL:
        for (int sq = 0; sq < 64; sq++) {
            sim_set_input(s, sq, cmd->text[sq] == 'x');
        }
        break;
    case SC_CHAIN:
        chain165_set_broken(&s->chain, cmd->value);
        break;
    case SC_RESET:
        sim_reset(s);
        break;
    case SC_SYNC:
        fprintf(sc->out, "SYNC%s%s\n", cmd->text[0] ? " " : "", cmd->text);
        fflush(sc->out);
        break;
    }
}

void script_step(script_t *sc)
{
    sim_t *s = sc->sim;
    for (int k = 0; k < KEY_INPUTS; k++) {
        if (sc->release_at[k] && s->avr->cycle >= sc->release_at[k]) {
            sc->release_at[k] = 0;
            sim_set_input(s, SIM_SQUARES + k, false);
        }
    }
    while (sc->len > 0 && s->avr->cycle >= sc->wait_until) {
        script_cmd_t cmd = sc->queue[sc->head];
        sc->head = (sc->head + 1) % SCRIPT_QUEUE;
        sc->len--;
        run(sc, &cmd);
    }
}

bool script_idle(const script_t *sc)
{
    if (sc->len > 0 || sc->sim->avr->cycle < sc->wait_until) {
        return false;
    }
    for (int k = 0; k < KEY_INPUTS; k++) {
        if (sc->release_at[k]) {
            return false;
        }
    }
    return true;
}
