/* A stand-in for Windows' bcryptprimitives.dll, for tests under Wine only (Wine 8.0 lacks
 * it; every Windows 10 and later has it). Rust's standard library (1.78 and later) takes its
 * random numbers from ProcessPrng in that DLL; this one forwards to BCryptGenRandom, which
 * Wine has. It is copied into the test Wine prefix's system32 by scripts/cross.sh and never
 * shipped in the Windows download. */
#include <windows.h>
#include <bcrypt.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  while (length > 0) {
    ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
    if (BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) {
      return FALSE;
    }
    data += chunk;
    length -= chunk;
  }
  return TRUE;
}
