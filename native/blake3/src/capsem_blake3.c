// A minimal Node-API binding over the BLAKE3 C library. Why not the library's own binding: it builds a native hasher
// object and a result Buffer on every call (~14 µs), which costs more than hashing a 4 KiB body. Here nothing is
// allocated per call: one-shot hashing writes into the caller's buffer, and a stream's state lives in a Uint8Array
// the caller owns (no wrapped object, no finalizer).
#include <node_api.h>
#include <stdalign.h>
#include <stdint.h>
#include "blake3.h"

#define THROW(env, msg) do { napi_throw_type_error((env), NULL, (msg)); return NULL; } while (0)

// The bytes of a Uint8Array argument, or false (with a pending exception) when it is not one.
static int bytes_of(napi_env env, napi_value v, uint8_t **data, size_t *len) {
  bool is_typed = false;
  napi_typedarray_type type;
  napi_value buffer;
  size_t offset;
  if (napi_is_typedarray(env, v, &is_typed) != napi_ok || !is_typed) return 0;
  if (napi_get_typedarray_info(env, v, &type, len, (void **)data, &buffer, &offset) != napi_ok) return 0;
  return type == napi_uint8_array;
}

static int offset_of(napi_env env, napi_value v, size_t out_len, size_t *offset) {
  double d;
  if (napi_get_value_double(env, v, &d) != napi_ok) return 0;
  if (!(d >= 0) || d != (double)(size_t)d) return 0;
  *offset = (size_t)d;
  return *offset <= out_len && out_len - *offset >= BLAKE3_OUT_LEN;
}

// A state buffer must be big enough and aligned for blake3_hasher (it holds 64-bit fields).
static blake3_hasher *state_of(napi_env env, napi_value v) {
  uint8_t *data;
  size_t len;
  if (!bytes_of(env, v, &data, &len) || len < sizeof(blake3_hasher)) return NULL;
  if ((uintptr_t)data % alignof(blake3_hasher) != 0) return NULL;
  return (blake3_hasher *)data;
}

static napi_value hash_into(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  uint8_t *in, *out;
  size_t in_len, out_len, offset;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 3 || !bytes_of(env, argv[0], &in, &in_len)) THROW(env, "hashInto(input, out, offset): input must be a Uint8Array");
  if (!bytes_of(env, argv[1], &out, &out_len)) THROW(env, "hashInto(input, out, offset): out must be a Uint8Array");
  if (!offset_of(env, argv[2], out_len, &offset)) THROW(env, "hashInto(input, out, offset): out has no 32 bytes at offset");
  blake3_hasher h;
  blake3_hasher_init(&h);
  blake3_hasher_update(&h, in, in_len);
  blake3_hasher_finalize(&h, out + offset, BLAKE3_OUT_LEN);
  return NULL;
}

static napi_value init(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  blake3_hasher *h = argc < 1 ? NULL : state_of(env, argv[0]);
  if (!h) THROW(env, "init(state): state must be an 8-byte-aligned Uint8Array of STATE_BYTES");
  blake3_hasher_init(h);
  return NULL;
}

static napi_value update(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  uint8_t *in;
  size_t in_len;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  blake3_hasher *h = argc < 2 ? NULL : state_of(env, argv[0]);
  if (!h) THROW(env, "update(state, input): state must be an 8-byte-aligned Uint8Array of STATE_BYTES");
  if (!bytes_of(env, argv[1], &in, &in_len)) THROW(env, "update(state, input): input must be a Uint8Array");
  blake3_hasher_update(h, in, in_len);
  return NULL;
}

static napi_value finalize(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  uint8_t *out;
  size_t out_len, offset;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  blake3_hasher *h = argc < 3 ? NULL : state_of(env, argv[0]);
  if (!h) THROW(env, "finalize(state, out, offset): state must be an 8-byte-aligned Uint8Array of STATE_BYTES");
  if (!bytes_of(env, argv[1], &out, &out_len)) THROW(env, "finalize(state, out, offset): out must be a Uint8Array");
  if (!offset_of(env, argv[2], out_len, &offset)) THROW(env, "finalize(state, out, offset): out has no 32 bytes at offset");
  blake3_hasher_finalize(h, out + offset, BLAKE3_OUT_LEN);
  return NULL;
}

static napi_value module_init(napi_env env, napi_value exports) {
  napi_value state_bytes;
  napi_create_uint32(env, (uint32_t)sizeof(blake3_hasher), &state_bytes);
  napi_property_descriptor props[] = {
    {"hashInto", NULL, hash_into, NULL, NULL, NULL, napi_enumerable, NULL},
    {"init", NULL, init, NULL, NULL, NULL, napi_enumerable, NULL},
    {"update", NULL, update, NULL, NULL, NULL, napi_enumerable, NULL},
    {"finalize", NULL, finalize, NULL, NULL, NULL, napi_enumerable, NULL},
    {"STATE_BYTES", NULL, NULL, NULL, NULL, state_bytes, napi_enumerable, NULL},
  };
  napi_define_properties(env, exports, sizeof(props) / sizeof(props[0]), props);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, module_init)
