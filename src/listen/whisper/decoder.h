// Whisper's encoder and decoder from CTranslate2's C++ layers, driven a step at a time with
// the decoder's state (its key and value cache) kept between steps, so that a search can
// choose the tokens itself (src/listen/whisper/decoder.rs, the core's listen::search).
//
// CTranslate2's own `generate` decodes free text; here the caller feeds, at every step, the
// rows to continue (each a row of the step before) and the token each takes, and gets the
// log-probabilities of every token after each row. The rows are gathered from the cache, so
// prefixes are never decoded again.

#pragma once

#include <memory>

#include <ctranslate2/layers/whisper.h>
#include <ctranslate2/models/model.h>

#include "rust/cxx.h"

namespace annexd {

// A Whisper model loaded once (its weights, int8 on the CPU), shared by the decoders.
class WhisperWeights {
public:
  explicit WhisperWeights(std::shared_ptr<const ctranslate2::models::Model> model)
    : model(std::move(model)) {}
  std::shared_ptr<const ctranslate2::models::Model> model;
};

std::unique_ptr<WhisperWeights> load_whisper_weights(rust::Str path);

// The encoder and decoder layers over shared weights, with one utterance's state.
class WhisperDecoder {
public:
  WhisperDecoder(const WhisperWeights& weights, size_t threads);

  size_t vocabulary_size() const;
  size_t n_mels() const;

  // Encodes log-mel features (n_mels rows of `frames` values, row by row).
  void encode(rust::Slice<const float> features, size_t frames);

  // Starts decoding after `prompt` (its <|startoftranscript|> at `sot_index`): writes the
  // log-probabilities of the first token into `logprobs` and returns the probability of
  // `no_speech_id` after <|startoftranscript|>.
  float start(rust::Slice<const int32_t> prompt,
              size_t sot_index,
              int32_t no_speech_id,
              rust::Slice<float> logprobs);

  // One step: row i continues row parents[i] of the step before with tokens[i]; writes the
  // log-probabilities of every token after each row (rows × vocabulary) into `logprobs`.
  void step(rust::Slice<const int32_t> parents,
            rust::Slice<const int32_t> tokens,
            rust::Slice<float> logprobs);

private:
  std::shared_ptr<const ctranslate2::models::Model> _model;
  std::unique_ptr<ctranslate2::layers::WhisperEncoder> _encoder;
  std::unique_ptr<ctranslate2::layers::WhisperDecoder> _decoder;
  ctranslate2::layers::DecoderState _state;
  ctranslate2::StorageView _memory;
  ctranslate2::dim_t _step = 0;
  size_t _threads;
};

std::unique_ptr<WhisperDecoder> whisper_decoder(const WhisperWeights& weights, size_t threads);

}  // namespace annexd
