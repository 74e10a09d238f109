#!/usr/bin/env bash
# Regenerates the shipped voices voices/<lang>/espeak/ from espeak-ng, or makes the voices
# voices/<lang>/pico/ from SVOX Pico (`--engine pico`; pico2wave from Debian's non-free
# libttspico-utils, which `scripts/setup.sh --test` installs; Pico is Apache-2.0, so its
# recordings may ship).
#
# The list of clips comes from the program itself (`annexd voices keys --lang LANG`), so
# running this after new words were added to core/src/words/word.rs covers them. Each clip is
# synthesised (with the spellings of scripts/voices/espeak-LANG.sed, e.g. "Zäsar" for
# Cesar), its leading and trailing silence trimmed, its loudness evened (RMS to $TARGET_DB,
# peaks below -1 dBFS) and encoded as OGG Vorbis (WAV where sox has no Vorbis). The Annex D
# words a voice of another language says (keys starting with `ad_`: "Springer" in an English
# or French sentence, D.2.1) are synthesised with the German voice and spellings, so that they
# sound German as the Annex prescribes. Finally `annexd voices check` verifies that each
# voice is complete.
#
# Usage: scripts/make-voices.sh [--engine espeak|pico] [LANG ...]        (default: espeak; de en fr)
# Environment: ANNEXD=path/to/annexd (default: built with cargo), RATE (16000), SPEED
# (espeak words a minute, 150), TARGET_DB (-20), MISSING_ONLY=1 to make only the clips a voice
# lacks (after new words were added) and leave the others byte for byte as they are.
set -euo pipefail

cd "$(dirname "$0")/.."
RATE=${RATE:-16000}
SPEED=${SPEED:-150}
TARGET_DB=${TARGET_DB:--20}
ENGINE=espeak
LANGS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --engine) ENGINE=${2:-}; shift 2 ;;
        --engine=*) ENGINE=${1#--engine=}; shift ;;
        *) LANGS+=("$1"); shift ;;
    esac
done
[ ${#LANGS[@]} -gt 0 ] || LANGS=(de en fr)
case "$ENGINE" in
    espeak) SYNTH=espeak-ng ;;
    pico) SYNTH=pico2wave ;;
    *) echo "make-voices: unknown engine '$ENGINE' (espeak or pico)" >&2; exit 2 ;;
esac

for tool in "$SYNTH" sox; do
    command -v "$tool" >/dev/null || { echo "make-voices: $tool is not installed (scripts/setup.sh$([ "$ENGINE" = pico ] && echo ' --test') installs it)" >&2; exit 1; }
done

# Says WORDS with the engine in LANG into the WAV file OUT.
synthesise() { # synthesise LANG WORDS OUT
    case "$ENGINE" in
        espeak) espeak-ng -v "$1" -s "$SPEED" -w "$3" "$2" ;;
        pico)
            local locale
            case "$1" in de) locale=de-DE ;; en) locale=en-US ;; fr) locale=fr-FR ;; esac
            pico2wave -l "$locale" -w "$3" "$2" ;;
    esac
}

if [ -z "${ANNEXD:-}" ]; then
    cargo build --quiet --bin annexd
    ANNEXD="${CARGO_TARGET_DIR:-target}/debug/annexd"
fi

if sox -h 2>/dev/null | grep -q "AUDIO FILE FORMATS:.* vorbis"; then
    EXT=ogg
    ENCODE=(-C -1)
else
    EXT=wav
    ENCODE=(-b 16)
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Evens the loudness of a clip: gain to reach TARGET_DB RMS, but never peaks above -1 dBFS.
even() {
    local in=$1 out=$2 stats rms peak gain
    stats=$(sox "$in" -n stats 2>&1)
    rms=$(awk '/^RMS lev dB/ {print $4}' <<<"$stats")
    peak=$(awk '/^Pk lev dB/ {print $4}' <<<"$stats")
    gain=$(awk -v t="$TARGET_DB" -v r="$rms" -v p="$peak" 'BEGIN { g = t - r; if (p + g > -1) g = -1 - p; printf "%.2f", g }')
    sox "$in" "${ENCODE[@]}" "$out" gain "$gain"
}

for lang in "${LANGS[@]}"; do
    out="voices/$lang/$ENGINE"
    mkdir -p "$out"
    if [ "${MISSING_ONLY:-0}" != 1 ]; then
        rm -f "$out"/*.ogg "$out"/*.wav
    fi
    "$ANNEXD" voices keys --lang "$lang" >"$TMP/keys.tsv"
    count=0
    while IFS=$'\t' read -r key text; do
        if [ "${MISSING_ONLY:-0}" = 1 ] && [ -e "$out/$key.$EXT" ]; then
            continue
        fi
        if [ "$key" = pause ]; then
            # The pause (a comma) is a quarter second of silence.
            sox -n -r "$RATE" -c 1 "${ENCODE[@]}" "$out/pause.$EXT" trim 0 0.25
            continue
        fi
        # An Annex D word inside another language is said by the German voice.
        case "$key" in
            ad_*) speaker=de ;;
            *) speaker=$lang ;;
        esac
        words=$(printf '%s' "$text" | sed -f "scripts/voices/$ENGINE-$speaker.sed")
        synthesise "$speaker" "$words" "$TMP/raw.wav"
        # Trim silence at both ends (below 0.5 % for 20 ms), keeping 20 ms of it; mono; rate.
        sox -G "$TMP/raw.wav" -r "$RATE" -c 1 "$TMP/trim.wav" \
            silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse pad 0.02 0.02
        even "$TMP/trim.wav" "$out/$key.$EXT"
        count=$((count + 1))
    done <"$TMP/keys.tsv"

    annex_d=""
    [ "$lang" = de ] || annex_d=" (its Annex D words, ad_*, with voice de)"
    sox_version=$(sox --version | sed 's/.*SoX v/SoX /')
    if [ "$ENGINE" = espeak ]; then
        espeak_version=$(espeak-ng --version | head -n1 | sed 's/ Data at:.*//')
        licence="GPL-3.0-or-later (synthesised with espeak-ng, whose output is free to use)"
        made_with="scripts/make-voices.sh: $espeak_version, voice $lang$annex_d, $SPEED words a minute"
    else
        pico_version=$(dpkg-query -W -f='${Version}' libttspico-utils 2>/dev/null || echo unknown)
        licence="Apache-2.0 (synthesised with SVOX Pico, Apache-2.0, whose output is free to use)"
        made_with="scripts/make-voices.sh --engine pico: SVOX Pico (libttspico-utils $pico_version), voice $lang$annex_d"
    fi
    cat >"$out/voice.toml" <<EOF
name = "$ENGINE"
language = "$lang"
licence = "$licence"
made_with = "$made_with, spellings of scripts/voices/$ENGINE-$lang.sed; $sox_version: silence trimmed, RMS evened to $TARGET_DB dBFS (peaks below -1 dBFS), $RATE Hz mono, $EXT"
EOF
    echo "make-voices: $lang: $count clips in $out ($(du -sh "$out" | cut -f1))"
done

"$ANNEXD" voices check --dir voices
