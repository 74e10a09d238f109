#!/usr/bin/env python3
"""The player's own voice as templates, probed outside the program (issue 28).

A speaker-dependent template recogniser over the phrases of the legal moves, German moves in
the Annex D words: each voice of the accuracy benchmark's records "records" every word of the
moves once (isolated words, said slower and higher than in the benchmark: a player's own
recording made on another day), and every German move of a record file is made again as the
benchmark made it (the voice, the text, the condition), and compared (MFCC, DTW) with the
concatenated templates of every phrase of every legal move of its position. Then a crude
combination with the Whisper decode the record holds: a move is played when Whisper's best
phrase names the move the templates rank first, or, failing that, when the templates' first
move is ahead of the next by MARGIN; otherwise it is asked back.

No parameter of the features or of the alignment is chosen on the data (MFCC at 25 ms / 10
ms, 26 mel bands, 12 cepstra and the log energy, mean-normalised; symmetric DTW normalised by
both lengths). MARGIN is chosen on one record file and read on another (docs/listen.md, "The
player's own voice, probed").

  pip install numpy chess            # and gcc, sox, pico2wave, espeak-ng with MBROLA de6/de7
  scripts/probes/own_voice.py core/tests/data/whisper_grammar.jsonl core/tests/data/whisper_grammar_seed29.jsonl

`--room` records the words in each utterance's room (its noise or reverberation);
`--bench-noise` makes the noise as loud as the benchmark's (18 dB below the speech alone).

About 2 minutes a file of 300 German moves on two cores. The pink noise of the condition
`noise` is numpy's, seeded (the benchmark's is sox's, unseeded): the same level, 18 dB below
the speech.
"""

import ctypes, json, os, subprocess, sys, wave, collections, hashlib
import numpy as np
import chess

DTW_C = r"""
#include <math.h>
#include <stdlib.h>
/* Symmetric DTW between a (n x d) and b (m x d), Euclidean frame distance, cost normalised by n+m. */
double dtw(const float *a, int n, const float *b, int m, int d) {
  double *prev = malloc(sizeof(double) * (m + 1)), *cur = malloc(sizeof(double) * (m + 1));
  for (int j = 0; j <= m; j++) prev[j] = INFINITY;
  prev[0] = 0;
  for (int i = 1; i <= n; i++) {
    cur[0] = INFINITY;
    for (int j = 1; j <= m; j++) {
      double s = 0;
      const float *x = a + (size_t)(i - 1) * d, *y = b + (size_t)(j - 1) * d;
      for (int k = 0; k < d; k++) { double t = x[k] - y[k]; s += t * t; }
      s = sqrt(s);
      double best = prev[j - 1] + 2 * s;           /* diagonal, weight 2 */
      if (prev[j] + s < best) best = prev[j] + s;   /* vertical */
      if (cur[j - 1] + s < best) best = cur[j - 1] + s; /* horizontal */
      cur[j] = best;
    }
    double *t = prev; prev = cur; cur = t;
  }
  double r = prev[m] / (n + m);
  free(prev); free(cur);
  return r;
}
"""

def build_dtw():
    """Compiles the alignment (C: a loop Python would take minutes over) into WORK."""
    base = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'annexd-own-voice-probe')
    os.makedirs(base, exist_ok=True)
    c, so = os.path.join(base, 'dtw.c'), os.path.join(base, 'libdtw.so')
    open(c, 'w').write(DTW_C)
    subprocess.run(['gcc', '-O2', '-shared', '-fPIC', '-o', so, c, '-lm'], check=True)
    return so


WORK = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'annexd-own-voice-probe')
os.makedirs(WORK, exist_ok=True)
LIB = ctypes.CDLL(build_dtw())
LIB.dtw.restype = ctypes.c_double
LIB.dtw.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
FILES = 'Anna Bella Cesar David Eva Felix Gustav Hector'.split()
RANKS = 'eins zwei drei vier fünf sechs sieben acht'.split()
PIECE = {chess.KING: 'König', chess.QUEEN: 'Dame', chess.ROOK: 'Turm', chess.BISHOP: 'Läufer', chess.KNIGHT: 'Springer'}
WORDS = FILES + RANKS + list(PIECE.values()) + ['schlägt', 'Schach', 'matt', 'kurze', 'lange', 'Rochade']

def run(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def synth(voice, text, out, enrol=False):
    kind, name = voice.split(' ', 1)
    if kind == 'Pico':
        raw = out + '.raw.wav'
        run(['pico2wave', '-l', name, '-w', raw, text])
        if enrol:
            run(['sox', raw, out, 'pitch', '60', 'tempo', '0.92'])
        else:
            os.replace(raw, out)
        if os.path.exists(raw): os.remove(raw)
    else:
        v = ('mb-' + name) if kind == 'MBROLA' else name
        args = ['espeak-ng', '-v', v, '-w', out]
        if enrol: args += ['-s', '150', '-p', '62']
        run(args + [text])

def condition(cond, src, out, seed):
    base = ['sox', '-R', src, '-r', '16000', '-c', '1', '-b', '16']
    if cond == 'clean': run(base + [out, 'pad', '0.3', '0.3'])
    elif cond == 'slow': run(base + [out, 'tempo', '0.85', 'pad', '0.3', '0.3'])
    elif cond == 'fast': run(base + [out, 'tempo', '1.25', 'pad', '0.3', '0.3'])
    elif cond == 'reverb': run(base + [out, 'reverb', '60', '50', '100', '100', '20', 'pad', '0.3', '0.3'])
    elif cond == 'noise':
        sp = out + '.speech.wav'
        run(base + [sp, 'pad', '0.3', '0.3'])
        x = read(sp)
        rng = np.random.default_rng(seed)
        w = rng.standard_normal(len(x))
        # pink noise by 1/f shaping
        f = np.fft.rfft(w); k = np.arange(len(f)); k[0] = 1
        p = np.fft.irfft(f / np.sqrt(k), len(x))
        # 18 dB below the whole recording, or with --bench-noise below the speech alone (the
        # samples louder than 1 % of full scale), as the accuracy benchmark does.
        ref = x[np.abs(x) > 0.01] if BENCH_NOISE else x
        p *= np.sqrt(np.mean(ref ** 2)) / np.sqrt(np.mean(p ** 2)) / 10 ** (18 / 20)
        write(out, x + p)
        os.remove(sp)

def read(path):
    with wave.open(path) as w:
        assert w.getframerate() == 16000 or True
        sr = w.getframerate()
        x = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(np.float64) / 32768
        if w.getnchannels() > 1: x = x.reshape(-1, w.getnchannels()).mean(1)
    if sr != 16000:
        tmp = path + '.16k.wav'
        run(['sox', path, '-r', '16000', '-c', '1', '-b', '16', tmp])
        x = read(tmp); os.remove(tmp)
    return x

def write(path, x):
    y = np.clip(x * 32768, -32768, 32767).astype(np.int16)
    with wave.open(path, 'wb') as w:
        w.setnchannels(1); w.setsampwidth(2); w.setframerate(16000); w.writeframes(y.tobytes())

def mel_bank(n=26, nfft=512, sr=16000):
    mel = lambda f: 2595 * np.log10(1 + f / 700)
    inv = lambda m: 700 * (10 ** (m / 2595) - 1)
    pts = inv(np.linspace(mel(60), mel(7600), n + 2))
    bins = np.floor((nfft + 1) * pts / sr).astype(int)
    fb = np.zeros((n, nfft // 2 + 1))
    for i in range(1, n + 1):
        l, c, r = bins[i - 1], bins[i], bins[i + 1]
        fb[i - 1, l:c] = (np.arange(l, c) - l) / max(c - l, 1)
        fb[i - 1, c:r] = (r - np.arange(c, r)) / max(r - c, 1)
    return fb
FB = mel_bank()
DCT = np.cos(np.pi / 26 * (np.arange(26)[None, :] + 0.5) * np.arange(1, 13)[:, None])

def features(x, trim=True):
    x = np.append(x[0], x[1:] - 0.97 * x[:-1])
    n = 1 + max(0, (len(x) - 400) // 160)
    idx = np.arange(400)[None, :] + 160 * np.arange(n)[:, None]
    fr = x[idx] * np.hamming(400)
    pw = np.abs(np.fft.rfft(fr, 512)) ** 2
    e = np.log(pw.sum(1) + 1e-10)
    if trim:
        on = np.where(e > e.max() - np.log(10 ** 3.5))[0]
        lo, hi = max(on[0] - 3, 0), min(on[-1] + 4, n)
        pw, e = pw[lo:hi], e[lo:hi]
    lm = np.log(pw @ FB.T + 1e-10)
    c = lm @ DCT.T
    return np.hstack([c, e[:, None]])

def cmn(f):
    return np.ascontiguousarray((f - f.mean(0)).astype(np.float32))

def dtw(a, b):
    return LIB.dtw(a.ctypes.data, a.shape[0], b.ctypes.data, b.shape[0], a.shape[1])

def phrases(board, mv):
    if board.is_castling(mv):
        return [['kurze', 'Rochade']] if board.is_kingside_castling(mv) else [['lange', 'Rochade']]
    p = board.piece_type_at(mv.from_square)
    fw, rw = FILES[chess.square_file(mv.from_square)], RANKS[chess.square_rank(mv.from_square)]
    dest = [FILES[chess.square_file(mv.to_square)], RANKS[chess.square_rank(mv.to_square)]]
    cap = board.is_capture(mv)
    b2 = board.copy(); b2.push(mv)
    mark = ['matt'] if b2.is_checkmate() else (['Schach'] if b2.is_check() else [])
    promo = [PIECE[mv.promotion]] if mv.promotion else []
    head = [] if p == chess.PAWN else [PIECE[p]]
    origins = [[], [fw, rw]] + ([[fw]] if p == chess.PAWN and cap else [])
    out = []
    for o in origins:
        if p == chess.PAWN and cap and o == []: continue
        for s in ([[], ['schlägt']] if cap else [[]]):
            for m in ([[], mark] if mark else [[]]):
                out.append(head + o + s + dest + promo + m)
    return out

ROOM = False
BENCH_NOISE = False

def main(records):
    rs = [json.loads(l) for l in open(records)]
    rs = [r for r in rs if r['lang'] == 'de' and r['kind'] == 'move' and r['words'] == 'annex-d']
    templates = {}
    res = []
    for n, r in enumerate(rs):
        voice = r['voice']
        # With ROOM, the words are recorded in the utterance's room (its noise or its
        # reverberation; at the speaker's own pace, whatever the utterance's tempo).
        room = r['condition'] if ROOM and r['condition'] in ('noise', 'reverb') else 'clean'
        if (voice, room) not in templates:
            t = {}
            for i, w in enumerate(WORDS):
                p = f'{WORK}/enrol-{hashlib.md5((voice + w).encode()).hexdigest()}.wav'
                if not os.path.exists(p):
                    synth(voice, w, p, enrol=True)
                if room != 'clean':
                    q = f'{WORK}/enrol-{room}-{hashlib.md5((voice + w).encode()).hexdigest()}.wav'
                    condition(room, p, q, 100000 + i)
                    p = q
                t[w] = features(read(p))
            templates[(voice, room)] = t
        t = templates[(voice, room)]
        key = hashlib.md5((voice + r['condition'] + r['text'] + str(n)).encode()).hexdigest()
        src, wav = f'{WORK}/{key}.src.wav', f'{WORK}/{key}.wav'
        if not os.path.exists(wav):
            synth(voice, r['text'], src)
            condition(r['condition'], src, wav, n)
        u = cmn(features(read(wav)))
        board = chess.Board(r['fen'])
        scores = []
        for mv in board.legal_moves:
            best = min(dtw(u, cmn(np.vstack([t[w] for w in ph]))) for ph in phrases(board, mv))
            scores.append((best, mv.uci()))
        scores.sort()
        said = r['said']
        rank = [m for _, m in scores].index(said) if said in [m for _, m in scores] else -1
        res.append(dict(voice=voice, condition=r['condition'], said=said, best=scores[0][1],
                        margin=scores[1][0] - scores[0][0] if len(scores) > 1 else 9, rank=rank))
    return rs, res

NUM = RANKS
ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII']

def norm(text):
    """A phrase as words of the lexicon: ranks in digits or Roman numerals as words, one spelling a word."""
    out = []
    for w in text.replace('.', '').split():
        if w.isdigit() and 1 <= int(w) <= 8: w = NUM[int(w) - 1]
        elif w in ROMAN: w = NUM[ROMAN.index(w)]
        out.append({'cäsar': 'cesar', 'caesar': 'cesar', 'hektor': 'hector'}.get(w.lower(), w.lower()))
    return ' '.join(out)

def whisper_move(r):
    """The legal move Whisper's best phrase names, if any."""
    board = chess.Board(r['fen'])
    found = (r.get('decode') or {}).get('phrases') or []
    if not found: return None
    t = norm(found[0]['text'])
    for mv in board.legal_moves:
        if any(norm(' '.join(v)) == t for v in phrases(board, mv)): return mv.uci()
    return None

def outcome(r, p, margin):
    w = whisper_move(r)
    if w is not None and w == p['best'] or p['margin'] >= margin:
        return 'right' if p['best'] == r['said'] else 'wrong'
    return 'asked'

def report(name, rs, res):
    n = len(res)
    print(f"{name}: {n} German moves")
    right = collections.Counter(); total = collections.Counter()
    for p in res:
        for k in (p['voice'], p['condition']):
            total[k] += 1; right[k] += p['best'] == p['said']
    print('  templates alone, the first move the one said: %d (%.0f %%)' % (
        sum(p['best'] == p['said'] for p in res), 100 * sum(p['best'] == p['said'] for p in res) / n))
    print('    ' + ', '.join(f'{k} {right[k]}/{total[k]}' for k in total))
    print('  Whisper best phrase the move said: %d' % sum(whisper_move(r) == r['said'] for r in rs))
    for margin in (1.0, 1.5, 2.0, 2.5, 3.0):
        c = collections.Counter(outcome(r, p, margin) for r, p in zip(rs, res))
        print(f"  combined, margin {margin}: right {c['right']} ({100 * c['right'] / n:.0f} %), asked {c['asked']}, wrong {c['wrong']}")

if __name__ == '__main__':
    args = sys.argv[1:]
    ROOM = '--room' in args
    BENCH_NOISE = '--bench-noise' in args
    for path in [a for a in args if not a.startswith('--')]:
        rs, res = main(path)
        report(os.path.basename(path), rs, res)
