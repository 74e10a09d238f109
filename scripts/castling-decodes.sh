#!/usr/bin/env bash
# Castling said by the accuracy benchmark's 14 voices (SVOX Pico, MBROLA through espeak-ng,
# espeak-ng) in its five conditions (clean, tempo 0.85 and 1.25, reverberation, pink noise
# at 18 dB below the speech), decoded by the program with Whisper base inside the grammar;
# each decode's figures (the phrases found, Whisper's own text, its no-speech probability)
# written as a record of core/tests/data/whisper_castling.jsonl, which
# core/tests/it/listen_decodes.rs replays where both castlings are legal.
#
#   scripts/castling-decodes.sh [OUT]     (OUT: core/tests/data/whisper_castling.jsonl)
#
# Needs `scripts/setup.sh --bench` (the voices, sox, the Whisper model) and the program built
# in the `deb` profile (target/deb/annexd; ANNEXD names another). About 12 minutes on two
# cores: each utterance is decoded by `annexd recognize` with the log at debug, which holds
# the figures (src/listen/whisper/mod.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="${1:-$ROOT/core/tests/data/whisper_castling.jsonl}"
BIN="${ANNEXD:-$ROOT/target/deb/annexd}"
MODEL="$ROOT/models/whisper-base"
[ -x "$BIN" ] || { echo "castling-decodes: $BIN is not built (cargo build --profile deb)" >&2; exit 1; }
[ -d "$MODEL" ] || { echo "castling-decodes: no Whisper model in $MODEL (scripts/setup.sh --bench)" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# say VOICE LANG TEXT WAV: pico:LOCALE or espeak:VOICE (mb-… for MBROLA).
say() {
  case $1 in
    pico:*) pico2wave -l "${1#pico:}" -w "$4" "$3" ;;
    espeak:*) espeak-ng -v "${1#espeak:}" -w "$4" "$3" ;;
  esac
}

# condition NAME IN OUT: 16 kHz mono with 0.3 s of quiet around it, as the benchmark does.
condition() {
  local base=(-R "$2" -r 16000 -c 1 -b 16)
  case $1 in
    clean) sox "${base[@]}" "$3" pad 0.3 0.3 ;;
    slow) sox "${base[@]}" "$3" tempo 0.85 pad 0.3 0.3 ;;
    fast) sox "${base[@]}" "$3" tempo 1.25 pad 0.3 0.3 ;;
    reverb) sox "${base[@]}" "$3" reverb 60 50 100 100 20 pad 0.3 0.3 ;;
    noise)
      local speech="$WORK/speech.wav" noise="$WORK/noise.wav" rms nrms
      sox "${base[@]}" "$speech" pad 0.3 0.3
      rms=$(sox "$speech" -n stat 2>&1 | awk '/RMS +amplitude/ { print $3 }')
      sox -R -n -r 16000 -c 1 -b 16 "$noise" synth "$(soxi -D "$speech")" pinknoise
      nrms=$(sox "$noise" -n stat 2>&1 | awk '/RMS +amplitude/ { print $3 }')
      sox -R -m "$speech" -v "$(awk -v s="$rms" -v n="$nrms" 'BEGIN { print s / n / 10 ^ (18 / 20) }')" \
        "$noise" "$3" ;;
  esac
}

LINES="$WORK/figures.txt"
: > "$LINES"
for spec in "de|pico:de-DE espeak:de espeak:de+f3 espeak:mb-de6 espeak:mb-de7|kurze Rochade;lange Rochade" \
  "en|pico:en-US pico:en-GB espeak:en-us espeak:en-gb-x-rp+f2 espeak:mb-us1|short castling;long castling;kurze Rochade;lange Rochade" \
  "fr|pico:fr-FR espeak:fr-fr espeak:fr-be+m3 espeak:mb-fr1|petit roque;grand roque;kurze Rochade;lange Rochade"; do
  lang=${spec%%|*}
  rest=${spec#*|}
  voices=${rest%%|*}
  IFS=';' read -ra phrases <<< "${rest#*|}"
  for voice in $voices; do
    for phrase in "${phrases[@]}"; do
      say "$voice" "$lang" "$phrase" "$WORK/raw.wav"
      for cond in clean slow fast reverb noise; do
        condition "$cond" "$WORK/raw.wav" "$WORK/said.wav"
        rm -f "$WORK/log.txt"
        RUST_LOG=annexd=debug OMP_WAIT_POLICY=PASSIVE "$BIN" recognize --log "$WORK/log.txt" \
          --recogniser whisper --model "$MODEL" --lang "$lang" "$WORK/said.wav" > /dev/null 2>&1 || true
        figures=$(grep -o "Whisper inside the grammar.*" "$WORK/log.txt" | head -n 1 || true)
        echo "$lang|$voice|$cond|$phrase|$figures" >> "$LINES"
      done
    done
  done
done

# The log's figures (GrammarDecode's Debug form) as the replayed records.
python3 - "$LINES" "$OUT" <<'EOF'
import json, re, sys

written = r'Written \{ text: "((?:[^"\\]|\\.)*)", score: (-?[\d.e-]+), tokens: (\d+) \}'
local = {"short castling", "long castling", "petit roque", "grand roque"}
records = []
for line in open(sys.argv[1], encoding="utf-8"):
    lang, voice, cond, said, figures = line.rstrip("\n").split("|", 4)
    if "GrammarDecode" not in figures:
        print(f"castling-decodes: no figures for {voice} {cond} {said!r}", file=sys.stderr)
        continue
    phrases_part = figures[figures.index("phrases: ["):figures.index("], free:")]
    free = re.search("free: " + written, figures)
    engine, name = voice.split(":", 1)
    records.append({
        "lang": lang,
        "words": "local" if said in local else "annex-d",
        "voice": f"MBROLA {name[3:]}" if name.startswith("mb-")
                 else f"{'Pico' if engine == 'pico' else 'espeak'} {name}",
        "condition": cond,
        "kind": "move",
        "fen": "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "said": "e1g1" if said.split()[0] in ("kurze", "short", "petit") else "e1c1",
        "text": said,
        "decode": {
            "phrases": [{"text": t, "score": float(s), "tokens": int(k)}
                        for t, s, k in re.findall(written, phrases_part)],
            "free": {"text": free.group(1), "score": float(free.group(2)),
                     "tokens": int(free.group(3))},
            "no_speech": float(re.search(r"no_speech: ([\d.e-]+)", figures).group(1)),
            "steps": int(re.search(r"grammar, (\d+) steps", figures).group(1)),
        },
    })
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for record in records:
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
print(f"castling-decodes: {len(records)} records in {sys.argv[2]}", file=sys.stderr)
EOF
