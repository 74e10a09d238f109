// See decoder.h.

#include "annexd/src/listen/whisper/decoder.h"

#include <cstring>
#include <stdexcept>

#include <ctranslate2/layers/common.h>
#include <ctranslate2/ops/ops.h>
#include <ctranslate2/utils.h>

namespace annexd {

using ctranslate2::DataType;
using ctranslate2::Device;
using ctranslate2::StorageView;
using ctranslate2::dim_t;

std::unique_ptr<WhisperWeights> load_whisper_weights(rust::Str path) {
  auto model = ctranslate2::models::Model::load(static_cast<std::string>(path),
                                                Device::CPU,
                                                0,
                                                ctranslate2::ComputeType::INT8);
  return std::make_unique<WhisperWeights>(std::move(model));
}

WhisperDecoder::WhisperDecoder(const WhisperWeights& weights, size_t threads)
  : _model(weights.model)
  , _encoder(std::make_unique<ctranslate2::layers::WhisperEncoder>(*_model, "encoder"))
  , _decoder(std::make_unique<ctranslate2::layers::WhisperDecoder>(*_model, "decoder"))
  , _memory(DataType::FLOAT32, Device::CPU)
  , _threads(threads) {}

size_t WhisperDecoder::vocabulary_size() const {
  return static_cast<size_t>(_decoder->output_size());
}

size_t WhisperDecoder::n_mels() const {
  return static_cast<size_t>(_encoder->input_size());
}

void WhisperDecoder::encode(rust::Slice<const float> features, size_t frames) {
  ctranslate2::set_num_threads(_threads);
  const dim_t mels = _encoder->input_size();
  if (features.size() != static_cast<size_t>(mels) * frames)
    throw std::invalid_argument("features are not n_mels rows of the frames given");
  std::vector<float> values(features.begin(), features.end());
  StorageView input({1, mels, static_cast<dim_t>(frames)}, values);
  StorageView output(_encoder->output_type(), Device::CPU);
  (*_encoder)(input, output);
  _memory = std::move(output);
}

// Log-softmax of the logits (rows × vocabulary) into `out`.
static void log_probabilities(const StorageView& logits, rust::Slice<float> out) {
  StorageView logprobs(DataType::FLOAT32, Device::CPU);
  ctranslate2::ops::LogSoftMax()(logits, logprobs);
  if (logprobs.dtype() != DataType::FLOAT32)
    logprobs = logprobs.to_float32();
  if (static_cast<size_t>(logprobs.size()) != out.size())
    throw std::invalid_argument("the output is not rows × vocabulary");
  std::memcpy(out.data(), logprobs.data<float>(), out.size() * sizeof(float));
}

float WhisperDecoder::start(rust::Slice<const int32_t> prompt,
                            size_t sot_index,
                            int32_t no_speech_id,
                            rust::Slice<float> logprobs) {
  ctranslate2::set_num_threads(_threads);
  if (prompt.size() < 2 || sot_index + 1 >= prompt.size())
    throw std::invalid_argument("the prompt needs tokens after <|startoftranscript|>");
  if (_memory.empty())
    throw std::invalid_argument("nothing encoded");
  _state = _decoder->initial_state();
  _state.emplace("memory", _memory);
  // The prompt but its last token at once, then the last as the first step.
  std::vector<std::vector<size_t>> head = {
    std::vector<size_t>(prompt.begin(), prompt.end() - 1)};
  const StorageView inputs = ctranslate2::layers::make_sequence_inputs(head, Device::CPU);
  StorageView outputs(_decoder->output_type(), Device::CPU);
  _decoder->forward_prompt(inputs, _state, &outputs);
  StorageView sot({1}, static_cast<int32_t>(sot_index), Device::CPU);
  StorageView logits(_decoder->output_type(), Device::CPU);
  _decoder->compute_logits_for_steps(outputs, sot, logits);
  StorageView probs(DataType::FLOAT32, Device::CPU);
  ctranslate2::ops::SoftMax()(logits, probs);
  if (probs.dtype() != DataType::FLOAT32)
    probs = probs.to_float32();
  const float no_speech = probs.data<float>()[no_speech_id];
  _step = inputs.dim(1);
  const int32_t parent = 0;
  const int32_t last = prompt[prompt.size() - 1];
  step(rust::Slice<const int32_t>(&parent, 1), rust::Slice<const int32_t>(&last, 1), logprobs);
  return no_speech;
}

void WhisperDecoder::step(rust::Slice<const int32_t> parents,
                          rust::Slice<const int32_t> tokens,
                          rust::Slice<float> logprobs) {
  ctranslate2::set_num_threads(_threads);
  if (parents.size() != tokens.size() || parents.empty())
    throw std::invalid_argument("one parent a token, at least one");
  const dim_t rows = static_cast<dim_t>(parents.size());
  StorageView gather({rows}, std::vector<int32_t>(parents.begin(), parents.end()));
  _decoder->update_state(_state, std::move(gather), 1);
  StorageView ids({rows}, std::vector<int32_t>(tokens.begin(), tokens.end()));
  StorageView logits(_decoder->output_type(), Device::CPU);
  (*_decoder)(_step, ids, _state, &logits);
  _step += 1;
  log_probabilities(logits, logprobs);
}

std::unique_ptr<WhisperDecoder> whisper_decoder(const WhisperWeights& weights, size_t threads) {
  return std::make_unique<WhisperDecoder>(weights, threads);
}

}  // namespace annexd
