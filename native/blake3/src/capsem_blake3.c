// A minimal Node-API binding over the BLAKE3 C library. Why not the library's own binding: it builds a native hasher
// object and a result Buffer on every call (~14 µs), which costs more than hashing a 4 KiB body. Here nothing is
// allocated per call: one-shot hashing writes into the caller's buffer, and a stream's state lives in a Uint8Array
// the caller owns (no wrapped object, no finalizer).
#include <node_api.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "blake3.h"
// The library's internal entry points (compress one block, hash many equal-length inputs in SIMD lanes), declared in
// the header it compiles itself with. hash_spans below builds BLAKE3's tree from them for many short inputs at once.
#include "blake3_impl.h"

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

// ---- hash_spans: BLAKE3 of many spans of one buffer, their chunks hashed side by side in SIMD lanes ----
//
// The library hashes one input at a time, so a body of a few KiB fills only a few of the 8 or 16 lanes its SIMD code
// has (4 KiB bodies hash at ~1.5 GB/s against ~5 GB/s for large inputs). Here chunk c of every span in a group is
// hashed in one blake3_hash_many call (same counter c, so the lanes need no per-input counter), then each span's
// partial last chunk and its parent nodes are compressed one by one, following the BLAKE3 tree rule: the left
// subtree holds the largest power-of-two number of chunks that leaves at least one byte to the right.
// Digests are identical to blake3_hasher's (tests compare them on every length class).

// Spans of more chunks than this go through the ordinary hasher, which already fills the lanes from one input.
#define SPAN_MAX_CHUNKS 32
// Spans hashed together; bounds the chunk-value scratch (GROUP * SPAN_MAX_CHUNKS * 32 bytes = 256 KiB).
#define GROUP 256

static void cv_to_bytes(const uint32_t cv[8], uint8_t out[32]) {
  for (int i = 0; i < 8; i++) {
    out[4 * i + 0] = (uint8_t)cv[i];
    out[4 * i + 1] = (uint8_t)(cv[i] >> 8);
    out[4 * i + 2] = (uint8_t)(cv[i] >> 16);
    out[4 * i + 3] = (uint8_t)(cv[i] >> 24);
  }
}

// Parent nodes waiting to be compressed side by side: each is 64 bytes (left then right chaining value) and goes to
// its own destination. One compression per parent was ~40% of hashing a group of few-KiB bodies; in lanes, 16 parents
// cost about what two did one by one.
#define PARENT_BATCH 64
typedef struct {
  const uint8_t *in[PARENT_BATCH];
  uint8_t *dest[PARENT_BATCH];
  size_t k;
  uint8_t flags;
} parents_t;

static void parents_flush(parents_t *b) {
  if (b->k == 0) return;
  uint8_t lane_out[PARENT_BATCH * 32];
  blake3_hash_many(b->in, b->k, 1, IV, 0, false, b->flags, 0, 0, lane_out);
  for (size_t j = 0; j < b->k; j++) memcpy(b->dest[j], lane_out + 32 * j, 32);
  b->k = 0;
}

static void parents_push(parents_t *b, const uint8_t *in, uint8_t *dest) {
  b->in[b->k] = in;
  b->dest[b->k++] = dest;
  if (b->k == PARENT_BATCH) parents_flush(b);
}

// The roots of a group's spans from their chunk values (span i's at cvs[i * SPAN_MAX_CHUNKS ..], n[i] >= 2 of them),
// one tree level at a time across all spans: adjacent pairs become parents and an odd last node moves up as it is,
// which builds the same tree as BLAKE3's rule (the left subtree holds the largest power-of-two number of chunks that
// leaves at least one to the right). A pair that is a span's last becomes its root (ROOT flag), written to outs[i].
// Within a level, parent j is written to slot j, which no later parent of that level reads (they read slots > 2j).
static void roots(uint8_t *cvs, size_t *n, size_t count, uint8_t *const *outs) {
  parents_t inner = {.k = 0, .flags = PARENT};
  parents_t root = {.k = 0, .flags = PARENT | ROOT};
  for (size_t open = count; open > 0;) {
    for (size_t i = 0; i < count; i++) {
      uint8_t *span = cvs + 32 * (i * SPAN_MAX_CHUNKS);
      if (n[i] == 2) parents_push(&root, span, outs[i]);
      else if (n[i] > 2)
        for (size_t j = 0; 2 * j + 1 < n[i]; j++) parents_push(&inner, span + 64 * j, span + 32 * j);
    }
    parents_flush(&inner);
    for (size_t i = 0; i < count; i++) {
      if (n[i] < 2) continue;
      if (n[i] == 2) {
        n[i] = 0;
        open--;
        continue;
      }
      uint8_t *span = cvs + 32 * (i * SPAN_MAX_CHUNKS);
      if (n[i] % 2) memcpy(span + 32 * (n[i] / 2), span + 32 * (n[i] - 1), 32);
      n[i] = (n[i] + 1) / 2;
    }
  }
  parents_flush(&root);
}

// Chunk value of the partial last chunk (len in 1..CHUNK_LEN-1) with counter `counter` (never a root: n > 1), its
// first `done` blocks already compressed into `start` (the IV when done = 0).
static void partial_chunk_cv(const uint8_t *in, size_t len, uint64_t counter, const uint8_t start[32], size_t done, uint8_t out[32]) {
  uint32_t cv[8];
  for (int i = 0; i < 8; i++) cv[i] = load32(start + 4 * i);
  size_t blocks = (len + BLAKE3_BLOCK_LEN - 1) / BLAKE3_BLOCK_LEN;
  for (size_t b = done; b < blocks; b++) {
    uint8_t block[BLAKE3_BLOCK_LEN] = {0};
    size_t take = b + 1 == blocks ? len - b * BLAKE3_BLOCK_LEN : BLAKE3_BLOCK_LEN;
    memcpy(block, in + b * BLAKE3_BLOCK_LEN, take);
    uint8_t flags = (uint8_t)((b == 0 ? CHUNK_START : 0) | (b + 1 == blocks ? CHUNK_END : 0));
    blake3_compress_in_place(cv, block, (uint8_t)take, counter, flags);
  }
  cv_to_bytes(cv, out);
}

// Leading blocks a run's members may have beyond its first's (they are compressed one by one afterwards).
#define LEAD_SLACK 3

// A partial last chunk waiting to be hashed: its span (index in the group), counter and whole blocks before its last.
typedef struct { size_t span; uint64_t counter; size_t lead; const uint8_t *in; size_t len; } partial_t;

static int by_counter_then_lead(const void *a, const void *b) {
  const partial_t *x = a, *y = b;
  if (x->counter != y->counter) return x->counter < y->counter ? -1 : 1;
  if (x->lead != y->lead) return x->lead < y->lead ? -1 : 1;
  return x->span < y->span ? -1 : x->span > y->span;
}

// The partial last chunks of a group. Sorted by counter, then by how many whole blocks precede their last block:
// runs with one counter have their common leading blocks compressed side by side (hash_many, no CHUNK_END), and
// each then finishes alone from its own chaining value.
static void partial_chunks(partial_t *p, size_t count, uint8_t *cvs) {
  qsort(p, count, sizeof(*p), by_counter_then_lead);
  uint8_t iv_bytes[32];
  cv_to_bytes(IV, iv_bytes);
  const uint8_t *inputs[16];
  uint8_t lane_out[16 * 32];
  uint32_t key[8];
  memcpy(key, IV, sizeof(key));
  for (size_t i = 0; i < count;) {
    size_t k = 1;
    // A run shares a counter and leads within LEAD_SLACK blocks of its first, so little is left to finish alone.
    while (i + k < count && k < 16 && p[i + k].counter == p[i].counter && p[i + k].lead - p[i].lead <= LEAD_SLACK) k++;
    size_t common = p[i].lead;  // sorted: the first has the fewest
    if (k > 1 && common > 0) {
      for (size_t j = 0; j < k; j++) inputs[j] = p[i + j].in;
      blake3_hash_many(inputs, k, common, key, p[i].counter, false, 0, CHUNK_START, 0, lane_out);
    }
    for (size_t j = 0; j < k; j++) {
      partial_t *q = &p[i + j];
      uint8_t *dest = cvs + 32 * (q->span * SPAN_MAX_CHUNKS + q->counter);
      if (k > 1 && common > 0) partial_chunk_cv(q->in, q->len, q->counter, lane_out + 32 * j, common, dest);
      else partial_chunk_cv(q->in, q->len, q->counter, iv_bytes, 0, dest);
    }
    i += k;
  }
}

static void hash_one(const uint8_t *in, size_t len, uint8_t out[32]) {
  blake3_hasher h;
  blake3_hasher_init(&h);
  blake3_hasher_update(&h, in, len);
  blake3_hasher_finalize(&h, out, BLAKE3_OUT_LEN);
}

// Spans of 2..SPAN_MAX_CHUNKS chunks, hashed as one group. cvs: GROUP * SPAN_MAX_CHUNKS * 32 bytes of scratch.
static void hash_group(const uint8_t *base, const uint32_t *spans, const size_t *which, size_t count, uint8_t *out, uint8_t *cvs) {
  const uint8_t *inputs[GROUP];
  size_t owner[GROUP];
  uint8_t lane_out[GROUP * 32];
  uint32_t key[8];
  memcpy(key, IV, sizeof(key));
  for (size_t c = 0; c < SPAN_MAX_CHUNKS; c++) {
    size_t k = 0;
    for (size_t i = 0; i < count; i++) {
      size_t len = spans[2 * which[i] + 1];
      if ((c + 1) * BLAKE3_CHUNK_LEN <= len) {  // chunk c is full
        inputs[k] = base + spans[2 * which[i]] + c * BLAKE3_CHUNK_LEN;
        owner[k++] = i;
      }
    }
    if (k == 0) break;
    blake3_hash_many(inputs, k, BLAKE3_CHUNK_LEN / BLAKE3_BLOCK_LEN, key, c, false, 0, CHUNK_START, CHUNK_END, lane_out);
    for (size_t j = 0; j < k; j++) memcpy(cvs + 32 * (owner[j] * SPAN_MAX_CHUNKS + c), lane_out + 32 * j, 32);
  }
  partial_t partial[GROUP];
  size_t partials = 0;
  for (size_t i = 0; i < count; i++) {
    size_t at = spans[2 * which[i]], len = spans[2 * which[i] + 1];
    size_t full = len / BLAKE3_CHUNK_LEN;
    size_t rest = len - full * BLAKE3_CHUNK_LEN;
    if (rest > 0) {
      partial_t q = { i, full, (rest - 1) / BLAKE3_BLOCK_LEN, base + at + full * BLAKE3_CHUNK_LEN, rest };
      partial[partials++] = q;
    }
  }
  partial_chunks(partial, partials, cvs);
  size_t n[GROUP];
  uint8_t *outs[GROUP];
  for (size_t i = 0; i < count; i++) {
    n[i] = (spans[2 * which[i] + 1] + BLAKE3_CHUNK_LEN - 1) / BLAKE3_CHUNK_LEN;
    outs[i] = out + 32 * which[i];
  }
  roots(cvs, n, count, outs);
}

// hash_group's chaining values, one scratch per Node environment (each worker thread has its own), freed with the
// environment. Taken per call it was a 256 KiB malloc: above glibc's mmap threshold, so every call mapped fresh pages
// and the kernel zero-filled 64 of them (~4,700 page faults per GiB verified, each ~10 µs in this VM).
static void free_scratch(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  free(data);
}

static uint8_t *group_scratch(napi_env env) {
  void *data = NULL;
  if (napi_get_instance_data(env, &data) == napi_ok && data) return data;
  data = malloc((size_t)GROUP * SPAN_MAX_CHUNKS * 32);
  if (!data) return NULL;
  if (napi_set_instance_data(env, data, free_scratch, NULL) != napi_ok) {
    free(data);
    return NULL;
  }
  return data;
}

// hashSpans(buffer, spans, out): spans is a Uint32Array of (offset, length) pairs into buffer; the BLAKE3 of span i
// is written to out[32 i, 32 i + 32).
static napi_value hash_spans(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  uint8_t *base, *out;
  size_t base_len, out_len;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 3 || !bytes_of(env, argv[0], &base, &base_len)) THROW(env, "hashSpans(buffer, spans, out): buffer must be a Uint8Array");
  bool is_typed = false;
  napi_typedarray_type type;
  size_t words;
  void *spans_data;
  napi_value ab;
  size_t ab_offset;
  if (napi_is_typedarray(env, argv[1], &is_typed) != napi_ok || !is_typed ||
      napi_get_typedarray_info(env, argv[1], &type, &words, &spans_data, &ab, &ab_offset) != napi_ok || type != napi_uint32_array || words % 2 != 0) {
    THROW(env, "hashSpans(buffer, spans, out): spans must be a Uint32Array of (offset, length) pairs");
  }
  const uint32_t *spans = (const uint32_t *)spans_data;
  size_t n = words / 2;
  if (!bytes_of(env, argv[2], &out, &out_len) || out_len / 32 < n) THROW(env, "hashSpans(buffer, spans, out): out must be a Uint8Array of 32 bytes per span");
  for (size_t i = 0; i < n; i++) {
    if ((uint64_t)spans[2 * i] + (uint64_t)spans[2 * i + 1] > (uint64_t)base_len) THROW(env, "hashSpans(buffer, spans, out): a span runs past the end of buffer");
  }
  uint8_t *cvs = group_scratch(env);
  if (!cvs) THROW(env, "hashSpans: out of memory");
  size_t which[GROUP];
  size_t count = 0;
  for (size_t i = 0; i < n; i++) {
    size_t len = spans[2 * i + 1];
    if (len <= BLAKE3_CHUNK_LEN || len > (size_t)SPAN_MAX_CHUNKS * BLAKE3_CHUNK_LEN) {
      hash_one(base + spans[2 * i], len, out + 32 * i);
      continue;
    }
    which[count++] = i;
    if (count == GROUP) {
      hash_group(base, spans, which, count, out, cvs);
      count = 0;
    }
  }
  if (count > 0) hash_group(base, spans, which, count, out, cvs);
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
    {"hashSpans", NULL, hash_spans, NULL, NULL, NULL, napi_enumerable, NULL},
    {"STATE_BYTES", NULL, NULL, NULL, NULL, state_bytes, napi_enumerable, NULL},
  };
  napi_define_properties(env, exports, sizeof(props) / sizeof(props[0]), props);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, module_init)
