/* Square names, key names and BOARD text. */
#include "check.h"
#include "squares.h"

static void squares_are_named_from_whites_side(void)
{
    char name[3] = {0};
    square_name(0, name);
    CHECK_STR(name, "a1");
    square_name(7, name);
    CHECK_STR(name, "h1");
    square_name(12, name);
    CHECK_STR(name, "e2");
    square_name(63, name);
    CHECK_STR(name, "h8");
}

static void the_board_text_is_in_fen_order(void)
{
    uint8_t board[BOARD_BYTES] = {0xFF, 0xFF, 0, 0, 0, 0, 0xFF, 0xFF};
    char text[65] = {0};
    board_text(board, text);
    CHECK_STR(text, "xxxxxxxxxxxxxxxx................................xxxxxxxxxxxxxxxx");
    uint8_t corners[BOARD_BYTES] = {0x01, 0, 0, 0, 0, 0, 0, 0x80}; /* a1 and h8 */
    board_text(corners, text);
    CHECK(text[7] == 'x');  /* h8 is the 8th character */
    CHECK(text[56] == 'x'); /* a1 the 57th */
    int occupied = 0;
    for (int i = 0; i < 64; i++) {
        occupied += text[i] == 'x';
    }
    CHECK(occupied == 2);
}

static void keys_have_the_names_annexd_knows(void)
{
    const char *want[KEY_COUNT] = {"clock", "time", "repeat", "talk", "yes", "no"};
    for (uint8_t k = 0; k < KEY_COUNT; k++) {
        char name[16] = {0};
        uint8_t n = key_name(k, name);
        CHECK(n == strlen(want[k]));
        CHECK_STR(name, want[k]);
    }
    char none[4] = {0};
    CHECK(key_name(KEY_COUNT, none) == 0);
}

int main(void)
{
    squares_are_named_from_whites_side();
    the_board_text_is_in_fen_order();
    keys_have_the_names_annexd_knows();
    return check_done("squares");
}
