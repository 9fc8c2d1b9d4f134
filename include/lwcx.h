/**
 * @file lwcx.h
 * @brief lwcx: fast, verified lightweight and symmetric post-quantum
 * cryptography. One header, plain C11.
 *
 * The rules every function follows (implementations, return values, buffers,
 * threads) are on the @ref index "main page"; the functions are grouped by
 * primitive under Modules.
 */
/**
 * @mainpage lwcx API reference
 *
 * lwcx: fast, verified lightweight and symmetric post-quantum cryptography,
 * in one header (include/lwcx.h), plain C11. The functions are grouped by
 * primitive (see Modules); the rules below hold for all of them, and each
 * function's page states only its own details.
 *
 * @section impls Implementations
 * Every primitive has a reference implementation ("ref") and optimized
 * ones; the library picks the fastest one this CPU supports the first time
 * a primitive is used (no init call needed). Any implementation can be
 * forced with lwcx_impl_select() or with the environment variable
 * LWCX_IMPL, e.g. LWCX_IMPL="kcc23p4:portable" or LWCX_IMPL="ref" (a bare
 * name applies to every primitive that has it). Every operation also has a
 * form ending in _with that runs one given implementation: see @ref registry.
 *
 * @section errors Return values
 * All functions that return a status return #LWCX_OK (0) or a negative
 * #lwcx_status; they never abort on bad input. The codes and what they mean
 * are listed once, in @ref status. Beyond the codes each function lists,
 * every operation that uses the automatic choice of implementation fails
 * with #LWCX_ERR_IMPL_ENV while LWCX_IMPL is invalid, and every _with form
 * fails with #LWCX_ERR_UNSUPPORTED when this machine cannot run the
 * implementation given and #LWCX_ERR_NO_IMPL when it belongs to another
 * primitive. Functions that return a size, a name or a handle say what they
 * return for bad input (0, NULL or -1). Functions that return a status are
 * marked #LWCX_NODISCARD: ignoring the status is a compiler warning.
 *
 * @section buffers Buffers
 * Each function says which of its buffers may share memory. "out may equal
 * in": that output may be the very same buffer as that input (the same
 * address; any other overlap is refused). "May overlap in any way": any
 * overlap gives the same result as separate buffers. Otherwise every output
 * is disjoint from every other argument (keys, nonces, tags, IVs, other
 * inputs and outputs, contexts). The block-cipher, AEAD, hash and stream
 * calls, and AIMer's key generation and signing, check the buffers of each
 * call: an overlap they do not allow returns #LWCX_ERR_ARG before anything
 * is written, whichever implementation runs. A batch call (_many) checks
 * each message's buffers against each other, not against other messages';
 * an incremental call cannot see earlier calls' buffers.
 *
 * @section threads Thread safety
 * - Any function may be called from any thread, and calls on different
 *   objects (contexts, streams, keys, searches) run in parallel. CPU feature
 *   detection, the automatic choice of an implementation and the wisdom file
 *   are done once, on first use, safely when several threads race to it.
 * - Implementation handles (#lwcx_impl) are constants for the life of the
 *   process: tests, benchmarks and bindings can run any implementation from
 *   any thread through the _with forms, with no global state involved.
 * - A context (#lwcx_schwaemm_ctx, #lwcx_esch_ctx), a stream (#lwcx_stream)
 *   and a message given in pieces (#lwcx_aimer_msg) serve one thread at a
 *   time.
 * - A loaded AIMer key (#lwcx_aimer_key) may be used from several threads at
 *   once, and every function is thread-safe on one key-search object
 *   (#lwcx_keysearch).
 * - Process-wide settings are not for changing while other threads work:
 *   lwcx_impl_select() is not meant to be changed while other threads use
 *   the primitive (use the _with forms instead); lwcx_opencl_set_devices()
 *   takes effect only before the opencl implementation's first use.
 * - A key search's progress callback is called from the thread that called
 *   the search.
 *
 * @section secrets Secrets
 * Expanded keys and keystream the library makes are wiped after use (an
 * expanded #lwcx_kcc23p4_key is the caller's to wipe); contexts that hold a
 * key are wiped when finished (lwcx_wipe() an abandoned one), objects that
 * hold keys when freed. Tags are compared in constant time;
 * lwcx_impl_constant_time() names implementations that index tables by key.
 */
#ifndef LWCX_H
#define LWCX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup version Version and declaration marks
 * @brief The library's version, and the marks its declarations carry.
 * @{
 */
#if defined(_WIN32)
#define LWCX_API
#else
/** Marks the library's exported functions (default symbol visibility). */
#define LWCX_API __attribute__((visibility("default")))
#endif

/** A status that must not be dropped: GNU compilers warn when a caller
 * ignores it (an error in lwcx's own builds). Define LWCX_NODISCARD empty
 * before including this header to turn it off. */
#ifndef LWCX_NODISCARD
#if defined(__GNUC__) || defined(__clang__)
#define LWCX_NODISCARD __attribute__((warn_unused_result))
#else
#define LWCX_NODISCARD
#endif
#endif

/* The version, written only here (CMake reads it from these lines). */
/** The major version. */
#define LWCX_VERSION_MAJOR 0
/** The minor version. */
#define LWCX_VERSION_MINOR 1
/** The patch version. */
#define LWCX_VERSION_PATCH 0
/** Helper of #LWCX_VERSION_STRING: @p x as a string literal. */
#define LWCX_VERSION_STR_(x) #x
/** Helper of #LWCX_VERSION_STRING: @p x macro-expanded, then as a string literal. */
#define LWCX_VERSION_XSTR_(x) LWCX_VERSION_STR_(x)
/** The version as a string literal, "MAJOR.MINOR.PATCH" (the header's; lwcx_version() gives the library's). */
#define LWCX_VERSION_STRING                                                                        \
    LWCX_VERSION_XSTR_(LWCX_VERSION_MAJOR) "." LWCX_VERSION_XSTR_(LWCX_VERSION_MINOR) "."          \
        LWCX_VERSION_XSTR_(LWCX_VERSION_PATCH)
/** @} */

/* ------------------------------------------------------------------ */
/* Status codes                                                        */
/* ------------------------------------------------------------------ */
/**
 * @defgroup status Status codes and errors
 * @brief What every status-returning function returns (see @ref errors).
 *
 * #LWCX_OK is 0 and every error is negative, so `if (rc != LWCX_OK)` or
 * `if (rc < 0)` tests for failure. A function fails before it writes any
 * output unless its description says otherwise. Which objects may be shared
 * between threads is stated once, in @ref threads.
 * @{
 */
/** A status: #LWCX_OK or a negative error code. */
typedef enum lwcx_status {
    LWCX_OK = 0,               /**< success */
    LWCX_ERR_NULL = -1,        /**< a required pointer was NULL */
    LWCX_ERR_LENGTH = -2,      /**< a length is out of range or not a multiple of the block */
    LWCX_ERR_AUTH = -3,        /**< authentication tag mismatch: no plaintext released */
    LWCX_ERR_NO_IMPL = -4,     /**< no such primitive or implementation */
    LWCX_ERR_UNSUPPORTED = -5, /**< implementation not supported by this CPU or build */
    LWCX_ERR_ARG = -6,         /**< another argument is invalid */
    LWCX_ERR_NOMEM = -7,       /**< out of memory */
    LWCX_ERR_FORMAT = -8,      /**< malformed or foreign data (a stream header, a key-search record) */
    LWCX_ERR_IMPL_ENV = -9     /**< LWCX_IMPL names an unknown or unavailable implementation */
} lwcx_status;

/** A static, human-readable message for a status code.
 * @param status a #lwcx_status value (any int is accepted)
 * @return the message, a static string (never NULL) */
LWCX_API const char *lwcx_strerror(int status);
/** @} */
/** The library's version, as #LWCX_VERSION_STRING was when it was built.
 * @ingroup version
 * @return a static string, "MAJOR.MINOR.PATCH" */
LWCX_API const char *lwcx_version(void);

/* ------------------------------------------------------------------ */
/* CPU features and the implementation registry                        */
/* ------------------------------------------------------------------ */
/**
 * @defgroup cpu CPU features
 * @brief What this CPU can run: the feature bits implementations require.
 * @{
 */
/** CPU feature bits, as lwcx_cpu_features() and lwcx_impl_features() return them. */
enum {
    LWCX_CPU_SSSE3 = 1u << 0,  /**< x86 SSSE3 */
    LWCX_CPU_SSE41 = 1u << 1,  /**< x86 SSE4.1 */
    LWCX_CPU_AVX2 = 1u << 2,   /**< includes the OS (XCR0) check for YMM state */
    LWCX_CPU_BMI2 = 1u << 3,   /**< x86 BMI2 */
    LWCX_CPU_PCLMUL = 1u << 4, /**< x86 carry-less multiply (PCLMULQDQ) */
    LWCX_CPU_VPCLMUL = 1u << 5, /**< x86 vector carry-less multiply (VPCLMULQDQ) */
    LWCX_CPU_AESNI = 1u << 6,  /**< x86 AES-NI */
    LWCX_CPU_AVX512 = 1u << 7, /**< F+BW+VL, with the OS (XCR0) check for ZMM state */
    LWCX_CPU_GFNI = 1u << 8,   /**< Galois-field instructions (VEX forms need AVX) */
    LWCX_CPU_BMI1 = 1u << 9,   /**< andn and the other BMI1 bit instructions */
    /** not an instruction set: AVX-512 whose 512-bit operations run at full
     * width (Intel's AVX-512 cores, AMD from Zen 5), not as two 256-bit
     * halves (Zen 4); the automatic choice asks for it where only then does
     * the zmm kernel beat the ymm one */
    LWCX_CPU_ZMM_FULL = 1u << 10,
    LWCX_CPU_VBMI = 1u << 11,  /**< AVX-512 VBMI byte permutes (vpermb); only with AVX-512 */
    LWCX_CPU_VBMI2 = 1u << 12, /**< AVX-512 VBMI2 concatenate-and-shift (vpshldw); only with AVX-512 */
    LWCX_CPU_NEON = 1u << 16,  /**< aarch64 Advanced SIMD */
    LWCX_CPU_PMULL = 1u << 17, /**< aarch64 64x64 polynomial multiply */
    LWCX_CPU_ARMAES = 1u << 18, /**< aarch64 AES instructions */
    LWCX_CPU_SHA3 = 1u << 19   /**< aarch64 ARMv8.2 SHA3: EOR3, RAX1, XAR, BCAX */
};

/** Features detected on this CPU (detected once, thread-safe).
 * @return the LWCX_CPU_* bits of this CPU, less those LWCX_CPU_DISABLE hides */
LWCX_API uint32_t lwcx_cpu_features(void);
/** Writes a space-separated list of feature names.
 * @param features LWCX_CPU_* bits
 * @param buf where the list goes (len bytes, NUL-terminated)
 * @param len the size of buf
 * @return buf */
LWCX_API const char *lwcx_cpu_features_string(uint32_t features, char *buf, size_t len);
/** The CPU's model name.
 * @return a static string, or "unknown" */
LWCX_API const char *lwcx_cpu_model(void);
/** @} */

/**
 * @defgroup registry Implementations: the registry and the automatic choice
 * @brief Listing primitives and implementations, choosing one, forcing one.
 *
 * Each primitive has several implementations, each known by a handle
 * (#lwcx_impl). Every operation has a form ending in _with that takes a
 * handle as its first argument and runs exactly that implementation
 * (#LWCX_ERR_UNSUPPORTED if this machine cannot run it, #LWCX_ERR_NO_IMPL if
 * it belongs to another primitive); a NULL handle means the automatic
 * choice, which is what the forms without _with use. The automatic choice
 * is, in order: the entry of the environment variable LWCX_IMPL or of
 * lwcx_impl_select(), this machine's wisdom file (`lwcx tune`), the shipped
 * table for this CPU, and the selection policy's rules by instruction set
 * (docs/design/selection.md).
 * @{
 */
/** One implementation of one primitive: a handle from the registry, valid for
 * the life of the process. Every operation has a form ending in _with that
 * takes a handle as its first argument and runs exactly that implementation
 * (#LWCX_ERR_UNSUPPORTED if this machine cannot run it, #LWCX_ERR_NO_IMPL if it
 * belongs to another primitive); a NULL handle means the automatic choice,
 * which is what the forms without _with use. No global state is involved,
 * so tests, benchmarks and bindings can run any implementation from any
 * thread. */
typedef struct lwcx_impl lwcx_impl;

/** The number of primitives (their indices are 0 .. count - 1).
 * @return the number of primitives */
LWCX_API size_t lwcx_primitive_count(void);
/** A primitive's name by index.
 * @param index 0 .. lwcx_primitive_count() - 1
 * @return the name (e.g. "kcc23p4"), or NULL past the end */
LWCX_API const char *lwcx_primitive_name(size_t index);
/** A primitive's description in one line.
 * @param primitive the primitive's name
 * @return the description, or NULL for an unknown primitive */
LWCX_API const char *lwcx_primitive_description(const char *primitive);

/** The number of implementations of one primitive (listed in order of
 * preference, fastest first, by lwcx_impl_at()).
 * @param primitive the primitive's name
 * @return the number, 0 for an unknown primitive */
LWCX_API size_t lwcx_impl_count(const char *primitive);
/** An implementation of one primitive, in order of preference (fastest first).
 * @param primitive the primitive's name
 * @param index 0 .. lwcx_impl_count() - 1
 * @return the handle, or NULL past the end or for an unknown primitive */
LWCX_API const lwcx_impl *lwcx_impl_at(const char *primitive, size_t index);
/** An implementation by name.
 * @param primitive the primitive's name
 * @param name the implementation's name (e.g. "avx2")
 * @return the handle, or NULL if the primitive or the implementation is unknown */
LWCX_API const lwcx_impl *lwcx_impl_find(const char *primitive, const char *name);

/** An implementation's name.
 * @param impl a handle, or NULL
 * @return e.g. "avx2"; NULL for a NULL handle */
LWCX_API const char *lwcx_impl_name(const lwcx_impl *impl);
/** The primitive an implementation belongs to.
 * @param impl a handle, or NULL
 * @return e.g. "kcc23p4"; NULL for a NULL handle */
LWCX_API const char *lwcx_impl_primitive(const lwcx_impl *impl);
/** An implementation's strategy, in one line.
 * @param impl a handle, or NULL
 * @return the description; NULL for a NULL handle */
LWCX_API const char *lwcx_impl_description(const lwcx_impl *impl);
/** The CPU features an implementation requires.
 * @param impl a handle, or NULL
 * @return the LWCX_CPU_* bits it needs; 0 for a NULL handle */
LWCX_API uint32_t lwcx_impl_features(const lwcx_impl *impl);
/** An implementation's natural batch.
 * @param impl a handle, or NULL
 * @return the blocks or lanes it processes per step; 0 for a NULL handle */
LWCX_API unsigned lwcx_impl_batch(const lwcx_impl *impl);
/** Whether this machine can run an implementation.
 * @param impl a handle
 * @param why NULL, or where a static reason goes when it cannot run ("needs
 *            avx2", "no CUDA device", ...)
 * @return 1 if this machine can run it; otherwise 0 (and *why is set) */
LWCX_API int lwcx_impl_available(const lwcx_impl *impl, const char **why);
/** A GPU implementation's devices (cuda: every CUDA device; opencl: every
 * GPU, or those lwcx_opencl_set_devices() or LWCX_OPENCL_DEVICE name): a key
 * search through it runs one thread per device by default (threads = 0).
 * @ingroup devices
 * @param impl a handle
 * @return the number of devices; 0 for a CPU implementation or an unavailable one */
LWCX_API unsigned lwcx_impl_devices(const lwcx_impl *impl);
/** Work a device implementation (cuda, opencl) finished on the CPU because
 * a device call failed in the middle of an operation: the results are
 * right (the same kernel bodies run on the CPU), but the device did not
 * compute them. Operations are ECB, CTR, many-keys calls and key-search
 * ranges, counted since the process started for the backend (every
 * cipher's cuda together). Compare before and after a call to learn
 * whether it ran on the device. Emulation (LWCX_CUDA_EMULATE) is no
 * fallback.
 * @ingroup devices
 * @param impl a handle
 * @param batches NULL, or where the number of batches of 32 blocks or keys
 *                the fallen-back operations held goes
 * @param why NULL, or where the first failure in words goes (NULL if none)
 * @return how many operations fell back; 0 for a CPU implementation */
LWCX_API uint64_t lwcx_impl_fallbacks(const lwcx_impl *impl, uint64_t *batches, const char **why);
/** Chooses the OpenCL devices the opencl implementation uses. It overrides
 * LWCX_OPENCL_DEVICE, the user's choice when no list is set, and takes
 * effect only before opencl's first use (any call, its availability,
 * lwcx_impl_devices()): afterwards another list fails with #LWCX_ERR_ARG.
 * @ingroup devices
 * @param devices indices (each at most 1000) into all platforms' devices in
 *                the order the ICD loader lists them
 * @param n the number of indices, at most 16; 0: the default, every GPU and
 *          accelerator (a CPU device only when named)
 * @return #LWCX_OK; #LWCX_ERR_ARG for more than 16 devices, an index above
 *         1000, or a list given after opencl's first use; #LWCX_ERR_NULL for
 *         devices NULL with n > 0 */
LWCX_API LWCX_NODISCARD int lwcx_opencl_set_devices(const unsigned *devices, size_t n);
/** The CUDA devices the cuda implementation uses. Bulk calls (ECB, CTR, many
 * keys) are shared among the devices used, and a key search runs a thread on
 * each. Takes effect only before cuda's first use (any call, its
 * availability, lwcx_impl_devices()): afterwards another list fails with
 * #LWCX_ERR_ARG; a device that does not exist makes cuda unavailable, saying
 * so.
 * @param devices n ordinals as the driver lists them (after
 *        CUDA_VISIBLE_DEVICES), each at most 1000; with LWCX_CUDA_EMULATE,
 *        indices into the emulated devices
 * @param n how many; 0: the default, every device
 * @return #LWCX_OK; #LWCX_ERR_ARG for more than 16 devices, an index above
 *         1000, or a list after cuda's first use; #LWCX_ERR_NULL for devices
 *         NULL with n > 0 */
LWCX_API LWCX_NODISCARD int lwcx_cuda_set_devices(const unsigned *devices, size_t n);
/** Whether an implementation runs in constant time.
 * @param impl a handle
 * @return 1 if its running time and memory addresses do not depend on the
 *         key or other secrets; 0 for implementations that index tables with
 *         key bits (e.g. PRESENT and GIFT ref) */
LWCX_API int lwcx_impl_constant_time(const lwcx_impl *impl);

/** The automatic choice for a primitive (made now if not yet): LWCX_IMPL's
 * entry, else the selection policy's default (docs/design/selection.md;
 * lwcx_impl_explain() shows it for this machine). One exception when nothing
 * is named (LWCX_IMPL, lwcx_impl_select()): one-key ECB and CTR calls of a
 * block cipher from 1 MiB (LWCX_CUDA_AUTO_BYTES) run on a CUDA GPU if
 * present.
 * @param primitive the primitive's name
 * @return the handle; NULL for an unknown primitive or an invalid LWCX_IMPL */
LWCX_API const lwcx_impl *lwcx_impl_auto(const char *primitive);
/** Checks the environment variable LWCX_IMPL: a comma-separated list of
 * "primitive:impl" or bare "impl" entries (a bare name applies to every
 * primitive that has it; a primitive-specific entry wins). While it is
 * invalid, every operation that uses the automatic choice fails with
 * #LWCX_ERR_IMPL_ENV.
 * @param msg NULL, or where a message saying what is wrong goes (cap bytes)
 * @param cap the size of msg
 * @return #LWCX_OK if it is unset or valid; #LWCX_ERR_IMPL_ENV if an entry
 *         names an unknown primitive or implementation or one this machine
 *         cannot run */
LWCX_API LWCX_NODISCARD int lwcx_impl_env_check(char *msg, size_t cap);

/** Forces the automatic choice of a primitive by name, or returns it to
 * automatic selection. Process-wide: not meant to be changed while other
 * threads use the primitive (use the _with forms instead).
 * @param primitive the primitive's name
 * @param name the implementation's name, or NULL to return to automatic selection
 * @return #LWCX_OK; #LWCX_ERR_NULL for primitive NULL; #LWCX_ERR_NO_IMPL for
 *         an unknown primitive or implementation; #LWCX_ERR_UNSUPPORTED if
 *         this machine cannot run it; #LWCX_ERR_IMPL_ENV while LWCX_IMPL is
 *         invalid */
LWCX_API LWCX_NODISCARD int lwcx_impl_select(const char *primitive, const char *name);
/** The name of the implementation the automatic choice uses (choosing it now
 * if needed).
 * @param primitive the primitive's name
 * @return the name, or NULL (unknown primitive, invalid LWCX_IMPL) */
LWCX_API const char *lwcx_impl_selected(const char *primitive);

/** The selection policy of a primitive as it applies on this machine, as
 * text: for each call kind (a block cipher's many keys, one key by call
 * size, key search; one kind for the others) the implementation chosen, and
 * for each implementation in order of preference the condition under which
 * the automatic choice takes it and whether it holds here (what
 * `lwcx list --explain` prints). snprintf's conventions.
 * @param primitive the primitive's name
 * @param buf where the text goes: at most cap bytes, always NUL-terminated
 *            when cap > 0 (may be NULL when cap is 0)
 * @param cap the size of buf
 * @return the length of the whole text, as snprintf does; 0 for an unknown
 *         primitive */
LWCX_API size_t lwcx_impl_explain(const char *primitive, char *buf, size_t cap);

/** The call kinds the selection policy tells apart for a primitive, by
 * index: "many_keys", "one_key", "key_search" (block ciphers),
 * "many_states", "one_state_256", "one_state_384", "one_state_512"
 * (sparkle), "every_call" (the others).
 * @param primitive the primitive's name
 * @param index 0 (the default kind), 1, ...
 * @return the kind's name; NULL past the last, or for an unknown primitive */
LWCX_API const char *lwcx_impl_call_kind(const char *primitive, size_t index);
/** The implementation the automatic choice runs for calls of one kind on
 * this machine. A GPU's crossover is left out: the CPU's choice is given.
 * @param primitive the primitive's name
 * @param kind a call kind (lwcx_impl_call_kind())
 * @param len the call's size in bytes, where the kind's choice depends on
 *            it ("one_key"); ignored otherwise
 * @param source NULL, or where the reason goes: "named" (LWCX_IMPL,
 *               lwcx_impl_select()), "wisdom" (this machine's wisdom file),
 *               "table" (the shipped table for this CPU) or "policy" (the
 *               rules by instruction set)
 * @return the handle; NULL for an unknown primitive or kind, or an invalid
 *         LWCX_IMPL */
LWCX_API const lwcx_impl *lwcx_impl_auto_call(const char *primitive, const char *kind, size_t len,
                                              const char **source);

/** Where the wisdom file is read from and whether it is used. The wisdom
 * file (written by `lwcx tune`) holds, for call kinds, the implementation
 * measured fastest on this machine, tried before the shipped table and the
 * rules. It is read once, on first use, from LWCX_WISDOM (a path, or
 * "off"), else $XDG_CONFIG_HOME/lwcx/wisdom, else ~/.config/lwcx/wisdom; it
 * is used only when made on this CPU (vendor, family, model, stepping,
 * features) by this version, and whole: a damaged file, or one naming an
 * implementation this machine cannot run, is ignored.
 * @param buf where the text goes (snprintf's conventions; may be NULL when cap is 0)
 * @param cap the size of buf
 * @return the length of the whole text, as snprintf does */
LWCX_API size_t lwcx_wisdom_status(char *buf, size_t cap);
/** One choice of a wisdom file: for calls of one kind of a primitive, an
 * implementation. */
typedef struct lwcx_wisdom_pick {
    const char *primitive, *kind, *impl;
} lwcx_wisdom_pick;
/** @var lwcx_wisdom_pick::primitive
 * The primitive's name. */
/** @var lwcx_wisdom_pick::kind
 * The call kind, one of lwcx_impl_call_kind()'s. */
/** @var lwcx_wisdom_pick::impl
 * The implementation's name. */
/** Writes a wisdom file for this machine, replacing it whole (a new file
 * renamed over it). Takes effect in processes started afterwards.
 * @param path the file, or NULL: the file lwcx_wisdom_status() names
 * @param picks the choices
 * @param n the number of choices
 * @param where NULL, or where the path written goes (cap bytes)
 * @param cap the size of where
 * @return #LWCX_OK; #LWCX_ERR_ARG for a choice the reader would refuse (an
 *         unknown primitive, kind or implementation, one not usable here or
 *         a device's, a kind twice), or when the file cannot be written;
 *         #LWCX_ERR_NULL for NULL fields */
LWCX_API LWCX_NODISCARD int lwcx_wisdom_save(const char *path, const lwcx_wisdom_pick *picks, size_t n, char *where,
                                             size_t cap);
/** @} */

/**
 * @defgroup devices GPU devices
 * @brief The devices of the cuda and opencl implementations, and their
 * fallbacks to the CPU.
 *
 * The GPU implementations are implementations of the block ciphers like
 * the others (see @ref registry and @ref blockcipher): these functions say
 * which devices they use and whether work fell back to the CPU.
 */

/**
 * @defgroup util Memory utilities
 * @brief Wiping secrets and comparing them in constant time.
 * @{
 */
/** Zeroes memory in a way the compiler may not remove.
 * @param p the memory (may be NULL when len is 0)
 * @param len its size in bytes */
LWCX_API void lwcx_wipe(void *p, size_t len);
/** Constant-time comparison: the time does not depend on the contents.
 * @param a len bytes
 * @param b len bytes
 * @param len the number of bytes compared
 * @return 0 if equal, -1 otherwise */
LWCX_API LWCX_NODISCARD int lwcx_ct_compare(const void *a, const void *b, size_t len);
/** @} */

/* ------------------------------------------------------------------ */
/* kcc23-p4: 64-bit block, 64-bit key, 80 rounds                       */
/* ------------------------------------------------------------------ */
/**
 * @defgroup kcc23p4 kcc23-p4 block cipher
 * @brief 64-bit block, 64-bit key, 80 rounds (SPECK-like key schedule,
 * SIMON-like round function).
 *
 * Byte conventions: a block is two 32-bit words w0, w1, each stored
 * little-endian, w0 first; a key likewise. On little-endian machines this is
 * exactly the memory of the official uint32_t[2] arrays.
 * @{
 */
/** Block size in bytes. */
#define LWCX_KCC23P4_BLOCK_BYTES 8
/** Key size in bytes. */
#define LWCX_KCC23P4_KEY_BYTES 8
/** Number of rounds (and of round keys). */
#define LWCX_KCC23P4_ROUNDS 80

/** An expanded key: the 80 round keys. Wipe with lwcx_wipe() after use. */
typedef struct lwcx_kcc23p4_key {
    uint32_t rk[LWCX_KCC23P4_ROUNDS]; /**< the round keys */
} lwcx_kcc23p4_key;

/** Encrypts under many keys: block i of in is processed under key i of keys.
 * This is the official harness shape. out may equal in.
 * @param out nblocks blocks (8 * nblocks bytes)
 * @param in nblocks blocks
 * @param keys nblocks keys (8 * nblocks bytes)
 * @param nblocks the number of blocks and keys
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_LENGTH (8 * nblocks overflows);
 *         #LWCX_ERR_ARG for out overlapping keys, or out overlapping in but not equal to it */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_encrypt_keys(uint8_t *out, const uint8_t *in,
                                                      const uint8_t *keys, size_t nblocks);
/** Decrypts under many keys, as lwcx_kcc23p4_encrypt_keys() encrypts.
 * @param out nblocks blocks (8 * nblocks bytes)
 * @param in nblocks blocks
 * @param keys nblocks keys (8 * nblocks bytes)
 * @param nblocks the number of blocks and keys
 * @return as lwcx_kcc23p4_encrypt_keys() */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_decrypt_keys(uint8_t *out, const uint8_t *in,
                                                      const uint8_t *keys, size_t nblocks);

/** Expands one key, once, for ECB or CTR over any number of blocks.
 * @param ks the expanded key (wipe it after use)
 * @param key the key; it may lie inside ks (it is read first)
 * @return #LWCX_OK; #LWCX_ERR_NULL */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_expand_key(lwcx_kcc23p4_key *ks, const uint8_t key[8]);
/** ECB encryption under one expanded key. out may equal in.
 * @param ks the expanded key
 * @param out len bytes
 * @param in len bytes (may be NULL when len is 0)
 * @param len a multiple of 8
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_LENGTH (len not a multiple of
 *         8); #LWCX_ERR_ARG (out overlapping ks, or out overlapping in but not equal to it) */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_ecb_encrypt(const lwcx_kcc23p4_key *ks, uint8_t *out,
                                                     const uint8_t *in, size_t len);
/** ECB decryption under one expanded key. out may equal in.
 * @param ks the expanded key
 * @param out len bytes
 * @param in len bytes (may be NULL when len is 0)
 * @param len a multiple of 8
 * @return as lwcx_kcc23p4_ecb_encrypt() */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_ecb_decrypt(const lwcx_kcc23p4_key *ks, uint8_t *out,
                                                     const uint8_t *in, size_t len);
/** CTR mode (encryption and decryption are the same operation), any length.
 * Counter block j (j = 0, 1, ...) is the 64-bit little-endian integer
 * iv + j (mod 2^64), where iv is read as a little-endian 64-bit integer; so
 * w0 is its low 32 bits and w1 its high 32 bits. Keystream block j is the
 * encryption of counter block j, XORed into bytes 8j..8j+7.
 * With a 64-bit block, never encrypt more than 2^32 blocks under one key,
 * and never reuse a counter range under the same key. out may equal in.
 * @param ks the expanded key
 * @param iv the first counter block
 * @param out len bytes
 * @param in len bytes (may be NULL when len is 0)
 * @param len any length
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (out overlapping ks or iv,
 *         or out overlapping in but not equal to it) */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_ctr(const lwcx_kcc23p4_key *ks, const uint8_t iv[8],
                                             uint8_t *out, const uint8_t *in, size_t len);

/** lwcx_kcc23p4_encrypt_keys() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_kcc23p4_encrypt_keys */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_encrypt_keys_with(const lwcx_impl *impl, uint8_t *out,
                                                           const uint8_t *in, const uint8_t *keys,
                                                           size_t nblocks);
/** lwcx_kcc23p4_decrypt_keys() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_kcc23p4_decrypt_keys */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_decrypt_keys_with(const lwcx_impl *impl, uint8_t *out,
                                                           const uint8_t *in, const uint8_t *keys,
                                                           size_t nblocks);
/** lwcx_kcc23p4_ecb_encrypt() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_kcc23p4_ecb_encrypt */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_ecb_encrypt_with(const lwcx_impl *impl,
                                                          const lwcx_kcc23p4_key *ks, uint8_t *out,
                                                          const uint8_t *in, size_t len);
/** lwcx_kcc23p4_ecb_decrypt() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_kcc23p4_ecb_decrypt */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_ecb_decrypt_with(const lwcx_impl *impl,
                                                          const lwcx_kcc23p4_key *ks, uint8_t *out,
                                                          const uint8_t *in, size_t len);
/** lwcx_kcc23p4_ctr() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_kcc23p4_ctr */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_ctr_with(const lwcx_impl *impl, const lwcx_kcc23p4_key *ks,
                                                  const uint8_t iv[8], uint8_t *out,
                                                  const uint8_t *in, size_t len);
/** @} */

/* ------------------------------------------------------------------ */
/* kcc24-p6: the 2024 contest AEAD                                      */
/* ------------------------------------------------------------------ */
/**
 * @defgroup kcc24p6 kcc24-p6 AEAD
 * @brief The 2024 contest AEAD ("modified GCM": CTR mode with an 8-byte ARX
 * block cipher, 8-byte tag over GF(2^64)).
 *
 * Messages are 0..255 bytes. Only the first 8*floor(len/8) bytes are
 * encrypted and authenticated, as the contest specifies: these functions
 * read and write exactly lwcx_kcc24p6_processed_len(len) bytes of the input
 * and output, and never touch the trailing len % 8 bytes of either buffer.
 * The nonce is fixed by the design (counter block i = [i, 12 34 56 78 9A BC
 * DE]), so a key must never encrypt two different messages; and the tag
 * depends only on the ciphertext and its length, not on the key, so it
 * detects changes to the ciphertext but not a wrong key. This is a contest
 * cipher, not a general-purpose AEAD.
 * @{
 */
/** Key size in bytes. */
#define LWCX_KCC24P6_KEY_BYTES 8
/** Tag size in bytes. */
#define LWCX_KCC24P6_TAG_BYTES 8
/** The longest message, in bytes. */
#define LWCX_KCC24P6_MAX_BYTES 255

/** The number of bytes that are encrypted and authenticated.
 * @param len the message length
 * @return 8*floor(len/8) */
LWCX_API size_t lwcx_kcc24p6_processed_len(size_t len);

/** Encrypts and tags. ct may equal pt; any other overlap of ct or tag with
 * each other, pt or key is refused. On an error nothing is written.
 * @param ct len bytes (only the processed ones are written)
 * @param tag the tag
 * @param pt len bytes (may be NULL when len < 8)
 * @param len 0..255
 * @param key the key
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_LENGTH (len > 255);
 *         #LWCX_ERR_ARG (overlap) */
LWCX_API LWCX_NODISCARD int lwcx_kcc24p6_encrypt(uint8_t *ct, uint8_t tag[8], const uint8_t *pt,
                                                 size_t len, const uint8_t key[8]);
/** Recomputes the tag over ct and compares it in constant time; only if it
 * matches is pt written. On any error nothing is written. pt may equal ct;
 * pt overlapping ct otherwise, tag or key is refused.
 * @param pt len bytes (only the processed ones are written)
 * @param ct len bytes (may be NULL when len < 8)
 * @param len 0..255
 * @param tag the tag to check
 * @param key the key
 * @return #LWCX_OK; #LWCX_ERR_AUTH (tag mismatch); #LWCX_ERR_NULL;
 *         #LWCX_ERR_LENGTH (len > 255); #LWCX_ERR_ARG (overlap) */
LWCX_API LWCX_NODISCARD int lwcx_kcc24p6_decrypt(uint8_t *pt, const uint8_t *ct, size_t len,
                                                 const uint8_t tag[8], const uint8_t key[8]);
/** lwcx_kcc24p6_encrypt() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_kcc24p6_encrypt */
LWCX_API LWCX_NODISCARD int lwcx_kcc24p6_encrypt_with(const lwcx_impl *impl, uint8_t *ct,
                                                      uint8_t tag[8], const uint8_t *pt, size_t len,
                                                      const uint8_t key[8]);
/** lwcx_kcc24p6_decrypt() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_kcc24p6_decrypt */
LWCX_API LWCX_NODISCARD int lwcx_kcc24p6_decrypt_with(const lwcx_impl *impl, uint8_t *pt,
                                                      const uint8_t *ct, size_t len,
                                                      const uint8_t tag[8], const uint8_t key[8]);
/** @} */

/* ------------------------------------------------------------------ */
/* SPARKLE permutations                                                 */
/* ------------------------------------------------------------------ */
/**
 * @defgroup sparkle SPARKLE permutations
 * @brief SPARKLE256, SPARKLE384 and SPARKLE512, the permutations under
 * Schwaemm and Esch.
 * @{
 */
/** Permutes a SPARKLE state in place.
 * @param state state_bytes bytes; words are little-endian, x0 y0 x1 y1 ...
 * @param state_bytes 32, 48 or 64 (SPARKLE256/384/512)
 * @param steps 1..12 (the design uses 7/10, 7/11 and 8/12 slim/big steps)
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_LENGTH (another state size);
 *         #LWCX_ERR_ARG (steps out of range) */
LWCX_API LWCX_NODISCARD int lwcx_sparkle_permute(uint8_t *state, size_t state_bytes, unsigned steps);
/** lwcx_sparkle_permute() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_sparkle_permute */
LWCX_API LWCX_NODISCARD int lwcx_sparkle_permute_with(const lwcx_impl *impl, uint8_t *state,
                                                      size_t state_bytes, unsigned steps);
/** @} */

/* ------------------------------------------------------------------ */
/* Schwaemm: authenticated encryption with associated data over SPARKLE */
/* ------------------------------------------------------------------ */
/**
 * @defgroup schwaemm Schwaemm AEAD
 * @brief Authenticated encryption with associated data over SPARKLE (NIST
 * LWC finalist, v1.2): one shot, batches, and incremental contexts.
 *
 * Sizes in bytes:
 * | variant         | key | nonce | tag | permutation               |
 * |-----------------|-----|-------|-----|---------------------------|
 * | Schwaemm128-128 | 16  | 16    | 16  | SPARKLE256                |
 * | Schwaemm256-128 | 16  | 32    | 16  | SPARKLE384 (the primary member) |
 * | Schwaemm192-192 | 24  | 24    | 24  | SPARKLE384                |
 * | Schwaemm256-256 | 32  | 32    | 32  | SPARKLE512                |
 *
 * A nonce must never be used twice with one key. For data of any length in
 * constant memory, with a file format, see @ref stream.
 * @{
 */
/** A Schwaemm variant. */
typedef enum lwcx_schwaemm_variant {
    LWCX_SCHWAEMM128_128, /**< Schwaemm128-128 */
    LWCX_SCHWAEMM256_128, /**< Schwaemm256-128, the primary member */
    LWCX_SCHWAEMM192_192, /**< Schwaemm192-192 */
    LWCX_SCHWAEMM256_256  /**< Schwaemm256-256 */
} lwcx_schwaemm_variant;
/** The largest key of any variant, in bytes. */
#define LWCX_SCHWAEMM_MAX_KEY_BYTES 32
/** The largest nonce of any variant, in bytes. */
#define LWCX_SCHWAEMM_MAX_NONCE_BYTES 32
/** The largest tag of any variant, in bytes. */
#define LWCX_SCHWAEMM_MAX_TAG_BYTES 32

/** The variant's name: loop from 0 until NULL to list them.
 * @param v a variant
 * @return "schwaemm256-128", ...; NULL for an unknown variant */
LWCX_API const char *lwcx_schwaemm_name(lwcx_schwaemm_variant v);
/** The variant's key size.
 * @param v a variant
 * @return the size in bytes; 0 for an unknown variant */
LWCX_API size_t lwcx_schwaemm_key_bytes(lwcx_schwaemm_variant v);
/** The variant's nonce size.
 * @param v a variant
 * @return the size in bytes; 0 for an unknown variant */
LWCX_API size_t lwcx_schwaemm_nonce_bytes(lwcx_schwaemm_variant v);
/** The variant's tag size.
 * @param v a variant
 * @return the size in bytes; 0 for an unknown variant */
LWCX_API size_t lwcx_schwaemm_tag_bytes(lwcx_schwaemm_variant v);

/** Encrypts and authenticates in one call. ct and pt are the same buffer or
 * disjoint; the outputs (ct, and tag) are disjoint from each other and from
 * the other arguments (the NIST format appends the tag: ct || tag). Any
 * other overlap is refused. On an error nothing is written.
 * @param v the variant
 * @param ct len bytes
 * @param tag the variant's tag size
 * @param pt len bytes (may be NULL when len is 0)
 * @param len the message length
 * @param ad adlen bytes of associated data (may be NULL when adlen is 0)
 * @param adlen the associated data's length
 * @param nonce the variant's nonce size
 * @param key the variant's key size
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (an unknown variant,
 *         overlapping buffers) */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_encrypt(lwcx_schwaemm_variant v, uint8_t *ct, uint8_t *tag,
                                                  const uint8_t *pt, size_t len, const uint8_t *ad,
                                                  size_t adlen, const uint8_t *nonce,
                                                  const uint8_t *key);
/** Decrypts and verifies in one call. The tags are compared in constant
 * time, and no unauthenticated plaintext is released: on #LWCX_ERR_AUTH a
 * separate pt is zeroed, and in place (pt == ct) the ciphertext is left as
 * it was (decrypted aside first). pt and ct are the same buffer or
 * disjoint; pt is disjoint from the other arguments. On an error other than
 * #LWCX_ERR_AUTH nothing is written.
 * @param v the variant
 * @param pt len bytes (may be NULL when len is 0)
 * @param ct len bytes
 * @param len the message length
 * @param tag the variant's tag size
 * @param ad adlen bytes of associated data (may be NULL when adlen is 0)
 * @param adlen the associated data's length
 * @param nonce the variant's nonce size
 * @param key the variant's key size
 * @return #LWCX_OK; #LWCX_ERR_AUTH (tag mismatch); #LWCX_ERR_NULL;
 *         #LWCX_ERR_ARG (an unknown variant, overlapping buffers);
 *         #LWCX_ERR_NOMEM (in place, if the memory to decrypt aside cannot
 *         be had) */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_decrypt(lwcx_schwaemm_variant v, uint8_t *pt,
                                                  const uint8_t *ct, size_t len, const uint8_t *tag,
                                                  const uint8_t *ad, size_t adlen,
                                                  const uint8_t *nonce, const uint8_t *key);

/** Encrypts a batch: count independent messages of the same length (and the
 * same AD length), message i under key[i] and nonce[i], run side by side so
 * that SIMD implementations can process several states at once. Message i's
 * buffers are checked as lwcx_schwaemm_encrypt()'s (ct[i] may equal pt[i]);
 * buffers of different messages must not overlap (not checked).
 * @param v the variant
 * @param ct count pointers, each to len bytes
 * @param tag count pointers, each to a tag
 * @param pt count pointers, each to len bytes
 * @param len the length of every message
 * @param ad count pointers, each to adlen bytes of associated data
 * @param adlen the length of every message's associated data
 * @param nonce count pointers, each to a nonce
 * @param key count pointers, each to a key
 * @param count the number of messages
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (an unknown variant,
 *         overlapping buffers within a message) */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_encrypt_many(lwcx_schwaemm_variant v, uint8_t *const *ct,
                                                       uint8_t *const *tag, const uint8_t *const *pt, size_t len,
                                                       const uint8_t *const *ad, size_t adlen,
                                                       const uint8_t *const *nonce, const uint8_t *const *key,
                                                       size_t count);

/** An incremental encryption or decryption: lwcx_schwaemm_init(), any number
 * of lwcx_schwaemm_aad() calls, then any number of
 * lwcx_schwaemm_encrypt_update() (or lwcx_schwaemm_decrypt_update()) calls,
 * then lwcx_schwaemm_encrypt_final() (or lwcx_schwaemm_decrypt_final()).
 * Each update writes exactly len output bytes (out may equal in; any other
 * overlap of out and in is refused). No buffer (key, nonce, ad, in, out,
 * tag) may overlap the context (#LWCX_ERR_ARG). decrypt_update releases
 * plaintext before the tag is checked: a caller must discard everything it
 * got if decrypt_final fails (the one-shot lwcx_schwaemm_decrypt() does that
 * for you). The context holds the key: final wipes it; call lwcx_wipe() on
 * an abandoned context.
 *
 * The context is opaque storage (its layout is the library's and may change
 * between versions; its size only grows with the major version). A context
 * that was never initialised, is finished, or was corrupted is refused with
 * #LWCX_ERR_ARG. Copy one with lwcx_schwaemm_copy(), not memcpy. */
typedef struct lwcx_schwaemm_ctx {
    uint64_t opaque[24]; /**< the library's, not the caller's */
} lwcx_schwaemm_ctx;
/** Starts an incremental encryption or decryption (see #lwcx_schwaemm_ctx).
 * @param ctx the context
 * @param v the variant
 * @param key the variant's key size
 * @param nonce the variant's nonce size
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (an unknown variant, key
 *         or nonce overlapping the context) */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_init(lwcx_schwaemm_ctx *ctx, lwcx_schwaemm_variant v,
                                               const uint8_t *key, const uint8_t *nonce);
/** Absorbs associated data; every aad call comes before the first update.
 * @param ctx the context
 * @param ad len bytes (may be NULL when len is 0)
 * @param len any length
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (not a live context, after
 *         an update, ad overlapping the context) */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_aad(lwcx_schwaemm_ctx *ctx, const uint8_t *ad, size_t len);
/** Encrypts the next len bytes; writes exactly len bytes.
 * @param ctx the context
 * @param out len bytes; may equal in
 * @param in len bytes (may be NULL when len is 0)
 * @param len any length
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (not a live context, a
 *         context that decrypts, overlapping buffers) */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_encrypt_update(lwcx_schwaemm_ctx *ctx, uint8_t *out,
                                                         const uint8_t *in, size_t len);
/** Decrypts the next len bytes; writes exactly len bytes, before the tag is
 * checked (discard them all if lwcx_schwaemm_decrypt_final() fails).
 * @param ctx the context
 * @param out len bytes; may equal in
 * @param in len bytes (may be NULL when len is 0)
 * @param len any length
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (not a live context, a
 *         context that encrypts, overlapping buffers) */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_decrypt_update(lwcx_schwaemm_ctx *ctx, uint8_t *out,
                                                         const uint8_t *in, size_t len);
/** Finishes an encryption: writes the tag and wipes the context.
 * @param ctx the context
 * @param tag the variant's tag size
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (not a live context, a
 *         context that decrypts, tag overlapping the context) */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_encrypt_final(lwcx_schwaemm_ctx *ctx, uint8_t *tag);
/** Finishes a decryption: compares the tag in constant time and wipes the
 * context.
 * @param ctx the context
 * @param tag the variant's tag size
 * @return #LWCX_OK if tag matches, #LWCX_ERR_AUTH otherwise; #LWCX_ERR_NULL;
 *         #LWCX_ERR_ARG (not a live context, a context that encrypts, tag
 *         overlapping the context) */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_decrypt_final(lwcx_schwaemm_ctx *ctx, const uint8_t *tag);
/** Copies a live context into dst, which then continues independently (to
 * fork a computation, e.g. for OpenSSL's EVP_CIPHER_CTX_copy). dst holds
 * the key too: finish it or lwcx_wipe() it. Copy contexts with this
 * function, not memcpy.
 * @param dst the copy
 * @param src a live context
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG if src is not a live
 *         context or dst overlaps it */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_copy(lwcx_schwaemm_ctx *dst, const lwcx_schwaemm_ctx *src);

/** lwcx_schwaemm_encrypt() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_schwaemm_encrypt */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_encrypt_with(const lwcx_impl *impl,
                                                       lwcx_schwaemm_variant v, uint8_t *ct,
                                                       uint8_t *tag, const uint8_t *pt, size_t len,
                                                       const uint8_t *ad, size_t adlen,
                                                       const uint8_t *nonce, const uint8_t *key);
/** lwcx_schwaemm_decrypt() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_schwaemm_decrypt */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_decrypt_with(const lwcx_impl *impl,
                                                       lwcx_schwaemm_variant v, uint8_t *pt,
                                                       const uint8_t *ct, size_t len,
                                                       const uint8_t *tag, const uint8_t *ad,
                                                       size_t adlen, const uint8_t *nonce,
                                                       const uint8_t *key);
/** lwcx_schwaemm_encrypt_many() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_schwaemm_encrypt_many */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_encrypt_many_with(const lwcx_impl *impl, lwcx_schwaemm_variant v,
                                                            uint8_t *const *ct, uint8_t *const *tag,
                                                            const uint8_t *const *pt, size_t len,
                                                            const uint8_t *const *ad, size_t adlen,
                                                            const uint8_t *const *nonce,
                                                            const uint8_t *const *key, size_t count);
/** lwcx_schwaemm_init() on an explicit implementation: the context keeps the
 * implementation it was initialised with.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_schwaemm_init */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_init_with(const lwcx_impl *impl, lwcx_schwaemm_ctx *ctx,
                                                    lwcx_schwaemm_variant v, const uint8_t *key,
                                                    const uint8_t *nonce);
/** @} */

/* ------------------------------------------------------------------ */
/* Esch: hashing over SPARKLE, and the XOEsch XOFs                      */
/* ------------------------------------------------------------------ */
/**
 * @defgroup esch Esch hashes and XOEsch extendable-output functions
 * @brief Hashing over SPARKLE (NIST LWC finalist, v1.2): one shot, batches,
 * and incremental contexts.
 *
 * Esch256 and XOEsch256 use SPARKLE384, Esch384 and XOEsch384 SPARKLE512;
 * digests are 32 and 48 bytes.
 * @{
 */
/** An Esch or XOEsch variant. */
typedef enum lwcx_esch_variant {
    LWCX_ESCH256,   /**< Esch256: a 32-byte digest */
    LWCX_ESCH384,   /**< Esch384: a 48-byte digest */
    LWCX_XOESCH256, /**< XOEsch256: output of any length */
    LWCX_XOESCH384  /**< XOEsch384: output of any length */
} lwcx_esch_variant;
/** Esch256's digest size in bytes. */
#define LWCX_ESCH256_DIGEST_BYTES 32
/** Esch384's digest size in bytes. */
#define LWCX_ESCH384_DIGEST_BYTES 48

/** The variant's name.
 * @param v a variant
 * @return "esch256", "xoesch384", ...; NULL for an unknown variant */
LWCX_API const char *lwcx_esch_name(lwcx_esch_variant v);
/** The digest size: for Esch the digest's; for XOEsch the default output
 * size (the same numbers), though any length may be squeezed.
 * @param v a variant
 * @return 32 or 48; 0 for an unknown variant */
LWCX_API size_t lwcx_esch_digest_bytes(lwcx_esch_variant v);

/** Hashes a message in one call. out may overlap msg in any way (the message
 * is read before anything is written).
 * @param v the variant
 * @param out outlen bytes
 * @param outlen for Esch the digest size; for XOEsch any length
 * @param msg len bytes (may be NULL when len is 0)
 * @param len the message length
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (an unknown variant);
 *         #LWCX_ERR_LENGTH (an Esch outlen other than the digest size) */
LWCX_API LWCX_NODISCARD int lwcx_esch_hash(lwcx_esch_variant v, uint8_t *out, size_t outlen, const uint8_t *msg,
                                           size_t len);
/** Hashes a batch: count messages of the same length, run side by side.
 * out[i] may overlap msg[i] in any way, not other messages' buffers.
 * @param v the variant
 * @param out count pointers, each to outlen bytes
 * @param outlen as for lwcx_esch_hash()
 * @param msg count pointers, each to len bytes
 * @param len the length of every message
 * @param count the number of messages
 * @return as lwcx_esch_hash() */
LWCX_API LWCX_NODISCARD int lwcx_esch_hash_many(lwcx_esch_variant v, uint8_t *const *out, size_t outlen,
                                                const uint8_t *const *msg, size_t len, size_t count);

/** An incremental hash: lwcx_esch_init(), lwcx_esch_update() any number of
 * times, then lwcx_esch_final() (Esch: the digest) or lwcx_esch_squeeze()
 * (XOEsch: any number of calls, each continuing the output stream; no update
 * after the first squeeze). No buffer may overlap the context
 * (#LWCX_ERR_ARG). Opaque, as #lwcx_schwaemm_ctx; copy it with
 * lwcx_esch_copy(), not memcpy. */
typedef struct lwcx_esch_ctx {
    uint64_t opaque[16]; /**< the library's, not the caller's */
} lwcx_esch_ctx;
/** Starts an incremental hash (see #lwcx_esch_ctx).
 * @param ctx the context
 * @param v the variant
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (an unknown variant) */
LWCX_API LWCX_NODISCARD int lwcx_esch_init(lwcx_esch_ctx *ctx, lwcx_esch_variant v);
/** Absorbs the next piece of the message.
 * @param ctx the context
 * @param in len bytes (may be NULL when len is 0)
 * @param len any length
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (not a live context, after
 *         a squeeze, in overlapping the context) */
LWCX_API LWCX_NODISCARD int lwcx_esch_update(lwcx_esch_ctx *ctx, const uint8_t *in, size_t len);
/** Finishes the hash: writes the digest and wipes the context (for Esch and
 * XOEsch, whose default output size is the digest size).
 * @param ctx the context
 * @param digest lwcx_esch_digest_bytes() bytes
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (not a live context, after
 *         a squeeze, digest overlapping the context) */
LWCX_API LWCX_NODISCARD int lwcx_esch_final(lwcx_esch_ctx *ctx, uint8_t *digest);
/** XOEsch only: writes the next len bytes of the output stream.
 * @param ctx the context
 * @param out len bytes (may be NULL when len is 0)
 * @param len any length
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (not a live context, an
 *         Esch context, out overlapping the context) */
LWCX_API LWCX_NODISCARD int lwcx_esch_squeeze(lwcx_esch_ctx *ctx, uint8_t *out, size_t len);
/** Copies a live context into dst, which then continues independently (a
 * common prefix hashed once, as hashlib's copy() and HMAC need). Copy
 * contexts with this function, not memcpy.
 * @param dst the copy
 * @param src a live context
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG if src is not a live
 *         context or dst overlaps it */
LWCX_API LWCX_NODISCARD int lwcx_esch_copy(lwcx_esch_ctx *dst, const lwcx_esch_ctx *src);

/** lwcx_esch_hash() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_esch_hash */
LWCX_API LWCX_NODISCARD int lwcx_esch_hash_with(const lwcx_impl *impl, lwcx_esch_variant v, uint8_t *out,
                                                size_t outlen, const uint8_t *msg, size_t len);
/** lwcx_esch_hash_many() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_esch_hash_many */
LWCX_API LWCX_NODISCARD int lwcx_esch_hash_many_with(const lwcx_impl *impl, lwcx_esch_variant v,
                                                     uint8_t *const *out, size_t outlen,
                                                     const uint8_t *const *msg, size_t len, size_t count);
/** lwcx_esch_init() on an explicit implementation: the context keeps it.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_esch_init */
LWCX_API LWCX_NODISCARD int lwcx_esch_init_with(const lwcx_impl *impl, lwcx_esch_ctx *ctx, lwcx_esch_variant v);
/** @} */

/* ------------------------------------------------------------------ */
/* Lightweight block ciphers: PRESENT, GIFT, PIPO                       */
/* ------------------------------------------------------------------ */
/**
 * @defgroup blockcipher Block ciphers: PRESENT, GIFT, PIPO
 * @brief Lightweight block ciphers: ECB and CTR under one key, and one key
 * per block.
 *
 * | cipher          | block | key | rounds | registry primitive       |
 * |-----------------|-------|-----|--------|--------------------------|
 * | LWCX_PRESENT80  | 8     | 10  | 31     | present80                |
 * | LWCX_PRESENT128 | 8     | 16  | 31     | present128               |
 * | LWCX_GIFT64     | 8     | 16  | 28     | gift64                   |
 * | LWCX_GIFT128    | 16    | 16  | 40     | gift128                  |
 * | LWCX_PIPO128    | 8     | 16  | 13     | pipo128 (PIPO-64/128)    |
 * | LWCX_PIPO256    | 8     | 32  | 17     | pipo256 (PIPO-64/256)    |
 *
 * Byte conventions: PRESENT and GIFT blocks and keys are big-endian, the
 * first byte most significant (as the papers' hex strings and GIFT's
 * official vectors). PIPO blocks and keys are the memory of the official
 * code's little-endian uint32_t arrays (the hex values in its README read as
 * little-endian words).
 *
 * Keys are expanded on every call: for many blocks under one key, pass them
 * in one call. Expanded keys and keystream are wiped after use.
 *
 * Errors of every function here: #LWCX_ERR_ARG for an unknown cipher or
 * overlapping buffers, #LWCX_ERR_NULL, and #LWCX_ERR_LENGTH for lengths that
 * are not whole blocks. #LWCX_ERR_NOMEM: only implementations too wide for
 * the stack buffers allocate (none of those chosen by default), and that
 * failed. The GPU implementations (cuda, opencl) are among the ciphers'
 * implementations: see @ref devices. Exhaustive key search is in
 * @ref keysearch.
 * @{
 */
/** A block cipher. */
typedef enum lwcx_blockcipher {
    LWCX_PRESENT80,  /**< PRESENT-80: 8-byte block, 10-byte key */
    LWCX_PRESENT128, /**< PRESENT-128: 8-byte block, 16-byte key */
    LWCX_GIFT64,     /**< GIFT-64: 8-byte block, 16-byte key */
    LWCX_GIFT128,    /**< GIFT-128: 16-byte block, 16-byte key */
    LWCX_PIPO128,    /**< PIPO-64/128: 8-byte block, 16-byte key */
    LWCX_PIPO256     /**< PIPO-64/256: 8-byte block, 32-byte key */
} lwcx_blockcipher;
/** The largest block of any cipher, in bytes. */
#define LWCX_BC_MAX_BLOCK_BYTES 16
/** The largest key of any cipher, in bytes. */
#define LWCX_BC_MAX_KEY_BYTES 32

/** A cipher's block size.
 * @param c a cipher
 * @return the size in bytes; 0 if unknown */
LWCX_API size_t lwcx_bc_block_bytes(lwcx_blockcipher c);
/** A cipher's key size.
 * @param c a cipher
 * @return the size in bytes; 0 if unknown */
LWCX_API size_t lwcx_bc_key_bytes(lwcx_blockcipher c);
/** A cipher's name, the registry primitive's.
 * @param c a cipher
 * @return e.g. "present80"; NULL if unknown */
LWCX_API const char *lwcx_bc_name(lwcx_blockcipher c);

/** ECB encryption under one key. out may equal in; out overlapping key is
 * refused.
 * @param c the cipher
 * @param key the cipher's key size
 * @param out len bytes
 * @param in len bytes
 * @param len a multiple of the block size
 * @return #LWCX_OK, or an error of the list in @ref blockcipher */
LWCX_API LWCX_NODISCARD int lwcx_bc_ecb_encrypt(lwcx_blockcipher c, const uint8_t *key, uint8_t *out,
                                                const uint8_t *in, size_t len);
/** ECB decryption under one key. out may equal in; out overlapping key is
 * refused.
 * @param c the cipher
 * @param key the cipher's key size
 * @param out len bytes
 * @param in len bytes
 * @param len a multiple of the block size
 * @return #LWCX_OK, or an error of the list in @ref blockcipher */
LWCX_API LWCX_NODISCARD int lwcx_bc_ecb_decrypt(lwcx_blockcipher c, const uint8_t *key, uint8_t *out,
                                                const uint8_t *in, size_t len);
/** CTR mode under one key (encryption and decryption are the same
 * operation), any length. Counter block j (j = 0, 1, ...) is iv + j, with
 * the whole block read as one big-endian integer (the last byte least
 * significant) and the sum taken mod 2^(8 * block bytes), for every cipher
 * (PIPO included). Keystream block j is the encryption of counter block j,
 * XORed into bytes bs*j .. bs*j+bs-1. With a 64-bit block, encrypt at most
 * 2^32 blocks under one key, and never reuse a counter range under one key.
 * out may equal in; out overlapping key or iv is refused.
 * @param c the cipher
 * @param key the cipher's key size
 * @param iv one block: the first counter block
 * @param out len bytes
 * @param in len bytes
 * @param len any length
 * @return #LWCX_OK, or an error of the list in @ref blockcipher */
LWCX_API LWCX_NODISCARD int lwcx_bc_ctr(lwcx_blockcipher c, const uint8_t *key, const uint8_t *iv, uint8_t *out,
                                        const uint8_t *in, size_t len);
/** Encrypts under many keys: block i of in under key i of keys. out may
 * equal in; out overlapping keys is refused.
 * @param c the cipher
 * @param out nblocks blocks
 * @param in nblocks blocks
 * @param keys nblocks keys, packed
 * @param nblocks the number of blocks and keys
 * @return #LWCX_OK, or an error of the list in @ref blockcipher */
LWCX_API LWCX_NODISCARD int lwcx_bc_encrypt_keys(lwcx_blockcipher c, uint8_t *out, const uint8_t *in,
                                                 const uint8_t *keys, size_t nblocks);
/** Decrypts under many keys: block i of in under key i of keys. out may
 * equal in; out overlapping keys is refused.
 * @param c the cipher
 * @param out nblocks blocks
 * @param in nblocks blocks
 * @param keys nblocks keys, packed
 * @param nblocks the number of blocks and keys
 * @return #LWCX_OK, or an error of the list in @ref blockcipher */
LWCX_API LWCX_NODISCARD int lwcx_bc_decrypt_keys(lwcx_blockcipher c, uint8_t *out, const uint8_t *in,
                                                 const uint8_t *keys, size_t nblocks);
/** lwcx_bc_ecb_encrypt() on an explicit implementation.
 * @param impl the implementation to run, one of cipher c's (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_bc_ecb_encrypt */
LWCX_API LWCX_NODISCARD int lwcx_bc_ecb_encrypt_with(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *key,
                                                     uint8_t *out, const uint8_t *in, size_t len);
/** lwcx_bc_ecb_decrypt() on an explicit implementation.
 * @param impl the implementation to run, one of cipher c's (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_bc_ecb_decrypt */
LWCX_API LWCX_NODISCARD int lwcx_bc_ecb_decrypt_with(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *key,
                                                     uint8_t *out, const uint8_t *in, size_t len);
/** lwcx_bc_ctr() on an explicit implementation.
 * @param impl the implementation to run, one of cipher c's (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_bc_ctr */
LWCX_API LWCX_NODISCARD int lwcx_bc_ctr_with(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *key,
                                             const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len);
/** lwcx_bc_encrypt_keys() on an explicit implementation.
 * @param impl the implementation to run, one of cipher c's (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_bc_encrypt_keys */
LWCX_API LWCX_NODISCARD int lwcx_bc_encrypt_keys_with(const lwcx_impl *impl, lwcx_blockcipher c, uint8_t *out,
                                                      const uint8_t *in, const uint8_t *keys, size_t nblocks);
/** lwcx_bc_decrypt_keys() on an explicit implementation.
 * @param impl the implementation to run, one of cipher c's (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_bc_decrypt_keys */
LWCX_API LWCX_NODISCARD int lwcx_bc_decrypt_keys_with(const lwcx_impl *impl, lwcx_blockcipher c, uint8_t *out,
                                                      const uint8_t *in, const uint8_t *keys, size_t nblocks);
/** @} */

/**
 * @defgroup keysearch Exhaustive key search
 * @brief Searching a block cipher's keys in one call (lwcx_bc_keysearch()),
 * or as work units shared by threads, GPUs and processes, with a record that
 * saves, loads and merges (#lwcx_keysearch).
 *
 * Key index i (start <= i < start + count) names the key base_key with the
 * bits of mask flipped as i says: bit b of i flips the b-th set bit of mask,
 * counting from the key's least significant bit (key bit p is bit p % 8 of
 * byte key_bytes - 1 - p / 8). So with base_key's masked bits zero, the
 * unknown bits run through i. mask (key bytes) may be NULL: the last 8 key
 * bytes, i.e. the key is base_key XOR i with i as a big-endian 64-bit
 * integer in the last 8 bytes (for PRESENT and GIFT, the least significant
 * 64 bits). A mask of n < 64 bits allows start + count <= 2^n. pt and ct
 * hold npairs known blocks each (packed); a key is reported only if it
 * encrypts every pt block to its ct block: pair 0 is tested with the fastest
 * implementation (the selected one, fixed for the whole call; bitsliced ones
 * generate the keys inside their state), candidates are confirmed on every
 * pair with ref.
 * @{
 */
/** The most threads a search runs (lwcx_bc_keysearch(), lwcx_keysearch_run()). */
#define LWCX_KEYSEARCH_MAX_THREADS 1024u
/** The most known plaintext-ciphertext pairs a search takes. */
#define LWCX_KEYSEARCH_MAX_PAIRS 64u
/** The largest end (start + count) of a searched range: 2^64 - 2^32. */
#define LWCX_KEYSEARCH_MAX_END (UINT64_MAX - 0xFFFFFFFFu)
/** A key search's progress and stop callback: called from the thread that
 * called the search (see lwcx_bc_keysearch() for when).
 * @param ctx the progress_ctx the search was given
 * @param keys_done the keys searched so far
 * @param keys_total the keys to search
 * @return 0 to go on; nonzero stops the search */
typedef int (*lwcx_keysearch_progress)(void *ctx, uint64_t keys_done, uint64_t keys_total);
/** Exhaustive key search over the indices [start, start + count) (see
 * @ref keysearch for how an index names a key).
 *
 * progress (may be NULL) is called from the calling thread about every
 * 100 ms while the search runs, at once (within microseconds, not at the
 * next tick) when a worker has confirmed a new key, and once at the end,
 * with the keys searched so far; returning nonzero stops the search: chunks
 * under way are finished (a few ms), and the call returns #LWCX_OK.
 *
 * Results: *next_index = the first index not searched (start + count when
 * the whole range was searched; every index below it was), so a stopped
 * search resumes with start = *next_index and count reduced to match.
 * *nfound = the number of matching keys; the max_found lowest-index ones are
 * written to found, ascending.
 * @param c the cipher
 * @param pt npairs known plaintext blocks, packed
 * @param ct their npairs ciphertext blocks, packed
 * @param npairs 1 .. #LWCX_KEYSEARCH_MAX_PAIRS
 * @param base_key the key that index 0 names (key bytes)
 * @param mask the key bits the index flips (key bytes), or NULL: the last 8 key bytes
 * @param start the first index
 * @param count the number of indices
 * @param threads 0: one per online CPU; at most #LWCX_KEYSEARCH_MAX_THREADS
 * @param progress NULL, or the progress and stop callback
 * @param progress_ctx passed to progress as its first argument
 * @param found max_found keys (key bytes each); may be NULL only if max_found is 0
 * @param max_found the most keys written to found
 * @param nfound NULL, or where the number of matching keys goes
 * @param next_index NULL, or where the first index not searched goes
 * @return #LWCX_OK (also when progress stopped it); #LWCX_ERR_ARG (unknown
 *         cipher, npairs 0 or > #LWCX_KEYSEARCH_MAX_PAIRS, threads >
 *         #LWCX_KEYSEARCH_MAX_THREADS, an all-zero mask); #LWCX_ERR_NULL;
 *         #LWCX_ERR_LENGTH (start + count > #LWCX_KEYSEARCH_MAX_END or beyond
 *         the mask's 2^n keys) */
LWCX_API LWCX_NODISCARD int lwcx_bc_keysearch(lwcx_blockcipher c, const uint8_t *pt, const uint8_t *ct,
                                              size_t npairs, const uint8_t *base_key, const uint8_t *mask,
                                              uint64_t start, uint64_t count, unsigned threads,
                                              lwcx_keysearch_progress progress,
                                              void *progress_ctx, uint8_t *found, size_t max_found,
                                              size_t *nfound, uint64_t *next_index);
/** lwcx_bc_keysearch() with an explicit implementation for pair 0.
 * @param impl the implementation that tests pair 0, one of cipher c's (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_bc_keysearch */
LWCX_API LWCX_NODISCARD int lwcx_bc_keysearch_with(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *pt,
                                                   const uint8_t *ct, size_t npairs, const uint8_t *base_key,
                                                   const uint8_t *mask, uint64_t start, uint64_t count,
                                                   unsigned threads, lwcx_keysearch_progress progress,
                                                   void *progress_ctx, uint8_t *found, size_t max_found,
                                                   size_t *nfound, uint64_t *next_index);
/** @} */

/* ------------------------------------------------------------------ */
/* LWCX stream: Schwaemm over data of any length in constant memory     */
/* ------------------------------------------------------------------ */
/**
 * @defgroup stream Encrypted streams (Schwaemm)
 * @brief Schwaemm over data of any length in constant memory: the format of
 * `lwcx enc/dec --alg schwaemm...` (docs/stream-format.md).
 *
 * A 16-byte header ("LWCXSTR1", variant id 1..4, log2 of the chunk size =
 * 16, six zero bytes), the nonce, then records: each chunk of 64 KiB
 * plaintext as ciphertext || tag, the last chunk shorter (possibly empty).
 * Chunk i is sealed under the nonce XOR i (64-bit little-endian, first 8
 * bytes), the last nonce byte also XOR 0x80 for the final chunk, with the
 * header as associated data: reordered, dropped, duplicated, truncated,
 * extended or modified streams fail.
 *
 * Use: lwcx_stream_encrypt_new() or lwcx_stream_decrypt_new(), then
 * lwcx_stream_update() with any number of bytes any number of times, then
 * lwcx_stream_final(); every call writes to a caller buffer of at least the
 * size lwcx_stream_update_max() / lwcx_stream_final_max() give just before
 * it (else #LWCX_ERR_LENGTH, nothing consumed), and *out_len says how much
 * it wrote. update's out (out_cap bytes) and in must not overlap at all, not
 * even out == in (#LWCX_ERR_ARG, nothing consumed).
 *
 * Decryption releases a chunk's plaintext only after its tag verified; only
 * once final succeeded is the stream known to be whole (a caller writing a
 * file should commit it only then). On an error the error is sticky (every
 * later call returns it), the key is wiped, and lwcx_stream_error() tells
 * the reason in words. What the failing call leaves in out: decrypting, the
 * verified plaintext of the records before the failure, *out_len bytes, and
 * nothing else; encrypting, *out_len = 0 and every byte it wrote zeroed (the
 * output of earlier calls stays, but the stream can no longer be finished).
 *
 * Errors: #LWCX_ERR_FORMAT (not a stream, another variant, an unsupported or
 * truncated header), #LWCX_ERR_AUTH (a record failed its tag, or the stream
 * ends inside a record or before its final chunk), #LWCX_ERR_ARG (an unknown
 * variant, a call after final, overlapping buffers), #LWCX_ERR_NULL,
 * #LWCX_ERR_NOMEM, #LWCX_ERR_IMPL_ENV (an invalid LWCX_IMPL: from the first
 * record on); lwcx_stream_encrypt_new(): #LWCX_ERR_UNSUPPORTED if the system
 * has no random source. A state serves one thread at a time.
 * @{
 */
/** The size of a stream's header in bytes (the nonce follows it). */
#define LWCX_STREAM_HEADER_BYTES 16
/** log2 of the plaintext bytes of a record. */
#define LWCX_STREAM_CHUNK_LOG2 16
/** The plaintext bytes of every record but the last (64 KiB). */
#define LWCX_STREAM_CHUNK_BYTES (1u << LWCX_STREAM_CHUNK_LOG2)
/** The state of a stream being encrypted or decrypted (opaque, heap-allocated). */
typedef struct lwcx_stream lwcx_stream;

/** Starts encrypting a stream.
 * @param s where the new state goes (free it with lwcx_stream_free())
 * @param v the Schwaemm variant
 * @param key the variant's key size
 * @param nonce the variant's nonce size, or NULL: a random one
 *              (getentropy). Give one only for tests: a nonce must never be
 *              used twice with one key.
 * @return #LWCX_OK, or an error of the list in @ref stream */
LWCX_API LWCX_NODISCARD int lwcx_stream_encrypt_new(lwcx_stream **s, lwcx_schwaemm_variant v,
                                                    const uint8_t *key, const uint8_t *nonce);
/** Starts decrypting a stream (the header and nonce are read from the data).
 * @param s where the new state goes (free it with lwcx_stream_free())
 * @param v the Schwaemm variant the stream must be (lwcx_stream_header_info() tells it)
 * @param key the variant's key size
 * @return #LWCX_OK, or an error of the list in @ref stream */
LWCX_API LWCX_NODISCARD int lwcx_stream_decrypt_new(lwcx_stream **s, lwcx_schwaemm_variant v,
                                                    const uint8_t *key);
/** Wipes and frees a state.
 * @param s the state; NULL is allowed */
LWCX_API void lwcx_stream_free(lwcx_stream *s);
/** The most the next update with len input bytes writes (exactly that much
 * when encrypting; decryption writes less only on an error).
 * @param s the state
 * @param len the input bytes of the next update
 * @return the size out must have */
LWCX_API size_t lwcx_stream_update_max(const lwcx_stream *s, size_t len);
/** The most final writes (below 64 KiB + 112 bytes).
 * @param s the state
 * @return the size out must have */
LWCX_API size_t lwcx_stream_final_max(const lwcx_stream *s);
/** Takes all len bytes of in, and writes what they complete.
 * @param s the state
 * @param out out_cap bytes; may be NULL when the maximum is 0; must not
 *            overlap in at all
 * @param out_cap at least lwcx_stream_update_max(s, len)
 * @param out_len where the number of bytes written goes
 * @param in len bytes
 * @param len any length
 * @return #LWCX_OK, or an error of the list in @ref stream */
LWCX_API LWCX_NODISCARD int lwcx_stream_update(lwcx_stream *s, uint8_t *out, size_t out_cap,
                                               size_t *out_len, const uint8_t *in, size_t len);
/** Encryption: seals the final chunk. Decryption: opens it, or fails if the
 * stream stopped short. After final, the state only awaits free.
 * @param s the state
 * @param out out_cap bytes
 * @param out_cap at least lwcx_stream_final_max(s)
 * @param out_len where the number of bytes written goes
 * @return #LWCX_OK, or an error of the list in @ref stream */
LWCX_API LWCX_NODISCARD int lwcx_stream_final(lwcx_stream *s, uint8_t *out, size_t out_cap,
                                              size_t *out_len);
/** The reason of the failure that made the state fail.
 * @param s the state
 * @return the reason in words, or NULL */
LWCX_API const char *lwcx_stream_error(const lwcx_stream *s);

/** What a stream's header says, for a reader that must know the variant
 * before it decrypts (lwcx dec without --alg). */
struct lwcx_stream_info {
    int variant;          /**< the lwcx_schwaemm_variant named, or -1 */
    unsigned chunk_log2;  /**< log2 of the chunk size (LWCX_STREAM_CHUNK_LOG2) */
    size_t chunk_bytes;   /**< the plaintext bytes of every record but the last */
    size_t key_bytes, nonce_bytes, tag_bytes; /**< the variant's sizes */
    size_t prefix_bytes;  /**< header and nonce: where the first record starts */
};
/** @var lwcx_stream_info::key_bytes
 * The variant's key size. */
/** @var lwcx_stream_info::nonce_bytes
 * The variant's nonce size. */
/** Reads a stream header and fills *out.
 * @param hdr len bytes
 * @param len at least #LWCX_STREAM_HEADER_BYTES; more are ignored
 * @param out what the header says. On #LWCX_ERR_FORMAT, out->variant is
 *            still the variant named when the header is whole with its magic
 *            and a known variant id (a stream of another version of the
 *            format), else -1, and the other fields are 0.
 * @return #LWCX_OK: a header this version decrypts; #LWCX_ERR_FORMAT: not
 *         one (too short, no magic, an unknown variant id, another chunk
 *         size, reserved bytes set); #LWCX_ERR_NULL: hdr or out is NULL */
LWCX_API LWCX_NODISCARD int lwcx_stream_header_info(const uint8_t *hdr, size_t len,
                                                    struct lwcx_stream_info *out);
/** @} */

/* ------------------------------------------------------------------ */
/* Key search as work units                                             */
/* ------------------------------------------------------------------ */
/**
 * @addtogroup keysearch
 *
 * <h3>Work units</h3>
 * One search (cipher, pairs, base key, mask, range of indices, as for
 * lwcx_bc_keysearch()) as an object (#lwcx_keysearch) that hands out ranges
 * to search (a dispenser shared by threads, GPUs and, through a root
 * process, MPI ranks), searches ranges with the selected implementation's
 * range kernel (fixed when the object is made; candidates are confirmed on
 * every pair with ref), and keeps an exact record of the finished ranges
 * (any set of intervals, so chunks finishing out of order are recorded as
 * they are) and of the keys found. The record saves to text
 * (integrity-checked with an Esch256 checksum) and loads back, and the
 * records of one search made by several processes merge. All functions are
 * thread-safe on one object. A typical MPI driver: the root makes the
 * object (or loads it), ranks ask the root for ranges
 * (lwcx_keysearch_take()), search them into their own object made with the
 * same parameters, and send back their saved records, which the root
 * merges.
 * @{
 */
/** The most keys an object stores (the lowest indices); all are counted. */
#define LWCX_KEYSEARCH_MAX_FOUND 1024u
/** A key search as work units (opaque, heap-allocated; thread-safe). */
typedef struct lwcx_keysearch lwcx_keysearch;

/** Makes a search object. Arguments and errors as lwcx_bc_keysearch().
 * @param ks where the new object goes (free it with lwcx_keysearch_free())
 * @param c the cipher
 * @param pt npairs known plaintext blocks, packed
 * @param ct their npairs ciphertext blocks, packed
 * @param npairs 1 .. #LWCX_KEYSEARCH_MAX_PAIRS
 * @param base_key the key that index 0 names (key bytes)
 * @param mask the key bits the index flips (key bytes), or NULL: the last 8 key bytes
 * @param start the first index
 * @param count the number of indices; may be 0 (a search that is complete at once)
 * @return #LWCX_OK; lwcx_bc_keysearch()'s errors; #LWCX_ERR_NOMEM */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_new(lwcx_keysearch **ks, lwcx_blockcipher c, const uint8_t *pt,
                                               const uint8_t *ct, size_t npairs, const uint8_t *base_key,
                                               const uint8_t *mask, uint64_t start, uint64_t count);
/** lwcx_keysearch_new() searching with an explicit implementation; the
 * object keeps it for its life.
 * @param impl the implementation to search with, one of cipher c's (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_keysearch_new */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_new_with(const lwcx_impl *impl, lwcx_keysearch **ks, lwcx_blockcipher c,
                                                    const uint8_t *pt, const uint8_t *ct, size_t npairs,
                                                    const uint8_t *base_key, const uint8_t *mask, uint64_t start,
                                                    uint64_t count);
/** Frees a search object, wiping the keys.
 * @param ks the object; NULL is allowed */
LWCX_API void lwcx_keysearch_free(lwcx_keysearch *ks);
/** The implementation the search runs (the automatic choice for a key
 * search where none was given).
 * @param ks the object
 * @return the handle; NULL for NULL */
LWCX_API const lwcx_impl *lwcx_keysearch_impl(const lwcx_keysearch *ks);
/** Keys of this object's searches (lwcx_keysearch_search(),
 * lwcx_keysearch_run()) that a device implementation searched on the CPU
 * because a device call failed (see lwcx_impl_fallbacks(); the keys found
 * are right either way).
 * @ingroup devices
 * @param ks the object
 * @param why NULL, or where the first failure in words goes (NULL if none)
 * @return the number of keys; 0 for NULL */
LWCX_API uint64_t lwcx_keysearch_fallback_keys(lwcx_keysearch *ks, const char **why);

/** The dispenser: the next range of at most max_keys indices that is neither
 * finished nor handed out before by this object, [*lo, *lo + *n). A range
 * taken and never searched is handed out again only by an object loaded
 * from a record (it is not marked finished).
 * @param ks the object
 * @param max_keys the most indices to take, at least 1
 * @param lo where the range's first index goes
 * @param n where the range's length goes; 0 when there is none left
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (max_keys 0) */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_take(lwcx_keysearch *ks, uint64_t max_keys, uint64_t *lo, uint64_t *n);
/** Searches [lo, lo + n) in the calling thread, records the confirmed keys,
 * then marks the range finished.
 * @param ks the object
 * @param lo the range's first index
 * @param n the range's length
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_LENGTH outside the search's
 *         range; #LWCX_ERR_NOMEM */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_search(lwcx_keysearch *ks, uint64_t lo, uint64_t n);
/** Marks [lo, lo + n) finished without searching it (it was searched
 * elsewhere, e.g. by a GPU; report its keys with lwcx_keysearch_add_found()).
 * @param ks the object
 * @param lo the range's first index
 * @param n the range's length
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_LENGTH outside the search's
 *         range; #LWCX_ERR_NOMEM */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_done(lwcx_keysearch *ks, uint64_t lo, uint64_t n);
/** Records a key found elsewhere.
 * @param ks the object
 * @param key the key (key bytes): it must be a key of the search's range
 *            and match every pair (checked with ref)
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG for a key outside the
 *         range or one that does not match */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_add_found(lwcx_keysearch *ks, const uint8_t *key);
/** Threads take chunks from the dispenser and search them until none is
 * left, with lwcx_bc_keysearch()'s progress and stop semantics (keys_done:
 * all keys finished in the record, of keys_total = count); a stop leaves
 * every chunk taken finished.
 * @param ks the object
 * @param threads 0: one per online CPU, or one per device for a GPU
 *                implementation (lwcx_impl_devices()); at most
 *                #LWCX_KEYSEARCH_MAX_THREADS
 * @param progress NULL, or the progress and stop callback
 * @param progress_ctx passed to progress as its first argument
 * @return #LWCX_OK (also when progress stopped it); #LWCX_ERR_NULL;
 *         #LWCX_ERR_ARG (too many threads); #LWCX_ERR_NOMEM */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_run(lwcx_keysearch *ks, unsigned threads,
                                               lwcx_keysearch_progress progress, void *progress_ctx);

/** Sets the keys per chunk a thread of lwcx_keysearch_run() takes at a time.
 * A stop waits for the chunks under way, so smaller chunks stop sooner; a
 * GPU needs large ones to stay busy.
 * @param ks the object
 * @param keys 1 .. 2^40; 0: the implementation's, 2^16 on a CPU, 2^30 on a
 *             CUDA GPU, 2^24 through OpenCL
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (above 2^40) */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_set_chunk(lwcx_keysearch *ks, uint64_t keys);

/** The search's cipher.
 * @param ks the object
 * @return a #lwcx_blockcipher; -1 for NULL */
LWCX_API int lwcx_keysearch_cipher(lwcx_keysearch *ks);
/** The keys finished in the record.
 * @param ks the object
 * @return the number; 0 for NULL */
LWCX_API uint64_t lwcx_keysearch_keys_done(lwcx_keysearch *ks);
/** The keys not yet finished.
 * @param ks the object
 * @return the number; 0 for NULL */
LWCX_API uint64_t lwcx_keysearch_keys_left(lwcx_keysearch *ks);
/** Whether every key of the range is finished.
 * @param ks the object
 * @return 1 if complete, else 0; 0 for NULL */
LWCX_API int lwcx_keysearch_complete(lwcx_keysearch *ks);
/** The lowest index not finished.
 * @param ks the object
 * @return the index (start + count when complete); 0 for NULL */
LWCX_API uint64_t lwcx_keysearch_next_unsearched(lwcx_keysearch *ks);
/** The number of matching keys recorded; the lowest
 * #LWCX_KEYSEARCH_MAX_FOUND are stored. A key beyond those found twice (a
 * range searched twice) counts twice.
 * @param ks the object
 * @return the number; 0 for NULL */
LWCX_API uint64_t lwcx_keysearch_found_count(lwcx_keysearch *ks);
/** A stored key, in ascending index order.
 * @param ks the object
 * @param i below min(lwcx_keysearch_found_count(), #LWCX_KEYSEARCH_MAX_FOUND)
 * @param key where the key goes (key bytes)
 * @param index NULL, or where its index goes
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (i out of range) */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_found_key(lwcx_keysearch *ks, size_t i, uint8_t *key, uint64_t *index);

/** Saves the record as text: the parameters, "searched N", one "done LO HI"
 * line per finished range [LO, HI), one "found KEY INDEX" line per stored
 * key, "matches N", and an Esch256 checksum of all that and an end line. Its
 * first line is "lwcx-keysearch-record 1", or 2 for a part of a job
 * (lwcx_keysearch_set_part()), whose record adds "job START COUNT" and
 * "part I N" after the range; both versions load.
 * @param ks the object
 * @param buf cap bytes, or NULL to learn the size
 * @param cap the size of buf
 * @param len where the record's size goes: the bytes written, or the size
 *            needed
 * @return #LWCX_OK; #LWCX_ERR_LENGTH with buf NULL or cap too small (*len
 *         is then the size needed); #LWCX_ERR_NULL */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_save(lwcx_keysearch *ks, uint8_t *buf, size_t cap, size_t *len);
/** Loads a record that lwcx_keysearch_save() wrote, as a new object. The
 * loaded object uses the implementation selected now; its dispenser starts
 * over the unfinished ranges.
 * @param ks where the new object goes
 * @param buf the record (len bytes)
 * @param len its size
 * @return #LWCX_OK; #LWCX_ERR_FORMAT for anything save did not write: a
 *         damaged or truncated record, an edited one (checksum), foreign
 *         parameters, ranges outside the search, keys that do not match
 *         every pair; #LWCX_ERR_NULL; #LWCX_ERR_NOMEM */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_load(lwcx_keysearch **ks, const uint8_t *buf, size_t len);
/** lwcx_keysearch_load() with the implementation impl, with
 * lwcx_keysearch_new_with()'s errors for impl (e.g. a GPU rank of a
 * cluster).
 * @param impl the implementation to search with (see #lwcx_impl); NULL: the selected one
 *
 * @copydoc lwcx_keysearch_load */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_load_with(const lwcx_impl *impl, lwcx_keysearch **ks,
                                                     const uint8_t *buf, size_t len);
/** Adds src's finished ranges and keys to dst. dst becomes the part src is
 * if it was none.
 * @param dst the object that receives
 * @param src the object read
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG unless both are the same
 *         search (e.g. a checkpoint written for other parameters), and parts
 *         of the same job if both are parts */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_merge(lwcx_keysearch *dst, lwcx_keysearch *src);

/** A job split into parts (one per task of a batch job array, say): part I
 * (1 .. N) of N of the range [job_start, job_start + job_count) is
 * [*lo, *lo + *n), the first job_count % N parts one key longer.
 * @param job_start the job's first index
 * @param job_count the job's number of indices
 * @param part I, 1 .. parts
 * @param parts N, 1 .. job_count
 * @param lo where the part's first index goes
 * @param n where the part's length goes
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG unless
 *         1 <= I <= N <= job_count; #LWCX_ERR_LENGTH beyond
 *         #LWCX_KEYSEARCH_MAX_END */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_part_range(uint64_t job_start, uint64_t job_count, uint64_t part,
                                                      uint64_t parts, uint64_t *lo, uint64_t *n);
/** Marks ks, a search of exactly that range, as part I of N of the job: its
 * record then names the job, so that the parts' records show a part that is
 * missing, even the first or the last.
 * @param ks the object
 * @param job_start the job's first index
 * @param job_count the job's number of indices
 * @param part I, 1 .. parts
 * @param parts N
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG if ks's range is not that
 *         part (lwcx_keysearch_part_range()) or ks is already a part of
 *         another job; #LWCX_ERR_LENGTH if the job's range is beyond the
 *         mask's keys */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_set_part(lwcx_keysearch *ks, uint64_t job_start, uint64_t job_count,
                                                    uint64_t part, uint64_t parts);
/** The job ks is a part of, and its part I of N; all 0 when it is none.
 * @param ks the object
 * @param job_start where the job's first index goes
 * @param job_count where the job's number of indices goes
 * @param part where I goes
 * @param parts where N goes
 * @return #LWCX_OK; #LWCX_ERR_NULL */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_part(lwcx_keysearch *ks, uint64_t *job_start, uint64_t *job_count,
                                                uint64_t *part, uint64_t *parts);
/** @} */

/* ------------------------------------------------------------------ */
/* AIMer v2.1 signatures (KpqC round 2; the one-way function AIM2)      */
/* ------------------------------------------------------------------ */
/**
 * @defgroup aimer AIMer signatures
 * @brief AIMer v2.1 signatures (KpqC round 2; the one-way function AIM2):
 * keys, one-shot and attached signatures, loaded keys, and messages given in
 * pieces.
 *
 * | set       | pk | sk | signature | field     | N   | tau |
 * |-----------|----|----|-----------|-----------|-----|-----|
 * | aimer128f | 32 | 48 | 5888      | GF(2^128) | 16  | 33  |
 * | aimer128s | 32 | 48 | 4160      | GF(2^128) | 256 | 17  |
 * | aimer192f | 48 | 72 | 13056     | GF(2^192) | 16  | 49  |
 * | aimer192s | 48 | 72 | 9120      | GF(2^192) | 256 | 25  |
 * | aimer256f | 64 | 96 | 25120     | GF(2^256) | 16  | 65  |
 * | aimer256s | 64 | 96 | 17056     | GF(2^256) | 256 | 33  |
 *
 * Byte layouts are the official ones: pk = IV || ct, sk = pt || pk. Signing
 * is randomized (rho from the OS, as the specification says). Read the
 * README's security note (the 2026 "Magic Pot" attack on AIM2) before
 * relying on these keys. Signing allocates its working memory on the heap
 * (up to ~4.1 MB for aimer256s), never megabytes of stack. Secret keys,
 * seeds, tapes and MPC shares are wiped after use.
 *
 * Errors of every function here: #LWCX_ERR_ARG (unknown set, or an sk whose
 * public part does not match, or overlapping buffers), #LWCX_ERR_NULL,
 * #LWCX_ERR_LENGTH (a signature that is not exactly the set's size),
 * #LWCX_ERR_AUTH (the signature does not verify), #LWCX_ERR_NOMEM,
 * #LWCX_ERR_UNSUPPORTED if the OS gives no randomness.
 * @{
 */
/** An AIMer parameter set. */
typedef enum lwcx_aimer_set {
    LWCX_AIMER128F, /**< aimer128f: 128-bit security, fast signing */
    LWCX_AIMER128S, /**< aimer128s: 128-bit security, short signatures */
    LWCX_AIMER192F, /**< aimer192f: 192-bit security, fast signing */
    LWCX_AIMER192S, /**< aimer192s: 192-bit security, short signatures */
    LWCX_AIMER256F, /**< aimer256f: 256-bit security, fast signing */
    LWCX_AIMER256S  /**< aimer256s: 256-bit security, short signatures */
} lwcx_aimer_set;
/** The largest public key of any set, in bytes. */
#define LWCX_AIMER_MAX_PK_BYTES 64
/** The largest secret key of any set, in bytes. */
#define LWCX_AIMER_MAX_SK_BYTES 96
/** The largest signature of any set, in bytes. */
#define LWCX_AIMER_MAX_SIG_BYTES 25120

/** The set's name: loop from 0 until NULL to list them.
 * @param set a set
 * @return "aimer128f", ...; NULL for an unknown set */
LWCX_API const char *lwcx_aimer_name(lwcx_aimer_set set);
/** The set's public-key size.
 * @param set a set
 * @return the size in bytes; 0 if unknown */
LWCX_API size_t lwcx_aimer_pk_bytes(lwcx_aimer_set set);
/** The set's secret-key size.
 * @param set a set
 * @return the size in bytes; 0 if unknown */
LWCX_API size_t lwcx_aimer_sk_bytes(lwcx_aimer_set set);
/** The set's signature size.
 * @param set a set
 * @return the size in bytes; 0 if unknown */
LWCX_API size_t lwcx_aimer_sig_bytes(lwcx_aimer_set set);
/** The set's seed size: the security level in bytes, the randomness that
 * the _from entry points read.
 * @param set a set
 * @return 16, 24 or 32; 0 if unknown */
LWCX_API size_t lwcx_aimer_seed_bytes(lwcx_aimer_set set);

/** A new key pair from the OS's randomness (getentropy).
 * @param set the set
 * @param pk the public key (lwcx_aimer_pk_bytes() bytes)
 * @param sk the secret key (lwcx_aimer_sk_bytes() bytes); pk and sk
 *           overlapping: #LWCX_ERR_ARG
 * @return #LWCX_OK, or an error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_keygen(lwcx_aimer_set set, uint8_t *pk, uint8_t *sk);
/** A detached signature of msg. sig may overlap msg and sk in any way (they
 * are read before sig is written).
 * @param set the set
 * @param sig the signature (lwcx_aimer_sig_bytes() bytes)
 * @param msg len bytes (may be NULL when len is 0)
 * @param len the message length
 * @param sk the secret key
 * @return #LWCX_OK, or an error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_sign(lwcx_aimer_set set, uint8_t *sig, const uint8_t *msg, size_t len,
                                            const uint8_t *sk);
/** Verifies a detached signature.
 * @param set the set
 * @param sig siglen bytes
 * @param siglen the signature's length
 * @param msg len bytes (may be NULL when len is 0)
 * @param len the message length
 * @param pk the public key
 * @return #LWCX_OK if sig is a valid signature of msg under pk;
 *         #LWCX_ERR_AUTH if not; #LWCX_ERR_LENGTH if siglen is not the set's
 *         size; or another error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_verify(lwcx_aimer_set set, const uint8_t *sig, size_t siglen,
                                              const uint8_t *msg, size_t len, const uint8_t *pk);

/** Signs in the NIST crypto_sign shape: sm = msg || signature. sm may
 * overlap msg and sk in any way.
 * @param set the set
 * @param sm len + lwcx_aimer_sig_bytes() bytes
 * @param smlen where len + the signature's size goes
 * @param msg len bytes (may be NULL when len is 0)
 * @param len the message length
 * @param sk the secret key
 * @return #LWCX_OK, or an error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_sign_attached(lwcx_aimer_set set, uint8_t *sm, size_t *smlen,
                                                     const uint8_t *msg, size_t len, const uint8_t *sk);
/** Opens a signed message (the NIST crypto_sign_open shape): checks the
 * signature at the end of sm and only then moves the message to msg and
 * sets *len; on failure msg is not written.
 * @param set the set
 * @param msg smlen - signature bytes; may overlap sm and pk in any way
 * @param len where the message length goes
 * @param sm smlen bytes: the message, then its signature
 * @param smlen the signed message's length
 * @param pk the public key
 * @return #LWCX_OK; #LWCX_ERR_AUTH if the signature does not verify; or
 *         another error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_open(lwcx_aimer_set set, uint8_t *msg, size_t *len, const uint8_t *sm,
                                            size_t smlen, const uint8_t *pk);

/** Key generation with the randomness supplied by the caller, so that the
 * NIST KAT DRBG can drive it: a test and known-answer entry point. Only for
 * tests: fixed or guessable randomness gives away the key.
 * @param set the set
 * @param pk the public key
 * @param sk the secret key; pk and sk must not overlap each other
 *           (#LWCX_ERR_ARG)
 * @param randomness 2 * lwcx_aimer_seed_bytes() bytes (pt, then the IV, as
 *                   the official code draws them); may overlap pk and sk in
 *                   any way
 * @return #LWCX_OK, or an error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_keygen_from(lwcx_aimer_set set, uint8_t *pk, uint8_t *sk,
                                                   const uint8_t *randomness);
/** Signing with the randomness supplied by the caller, so that the NIST KAT
 * DRBG can drive it: a test and known-answer entry point. Only for tests:
 * fixed or guessable randomness gives away the key.
 * @param set the set
 * @param sig the signature; may overlap msg and sk as for lwcx_aimer_sign()
 * @param msg len bytes (may be NULL when len is 0)
 * @param len the message length
 * @param sk the secret key
 * @param rho lwcx_aimer_seed_bytes() bytes; rho overlapping sig: #LWCX_ERR_ARG
 * @return #LWCX_OK, or an error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_sign_from(lwcx_aimer_set set, uint8_t *sig,
                                                 const uint8_t *msg, size_t len, const uint8_t *sk,
                                                 const uint8_t *rho);

/** A loaded key: pk (and sk, or NULL for a key that only verifies) checked
 * and parsed once, with AIM2's affine layer expanded from the IV, so that
 * repeated signing and verification skip that work. Heap-allocated; free
 * wipes it. A key keeps the implementation it was loaded with, and may be
 * used from several threads at once. */
typedef struct lwcx_aimer_key lwcx_aimer_key;
/** Loads a key (see #lwcx_aimer_key).
 * @param key where the new key goes (free it with lwcx_aimer_key_free())
 * @param set the set
 * @param pk the public key
 * @param sk the secret key, or NULL for a key that only verifies
 * @return #LWCX_OK, or an error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_new(lwcx_aimer_key **key, lwcx_aimer_set set, const uint8_t *pk,
                                               const uint8_t *sk);
/** Wipes and frees a loaded key.
 * @param key the key; NULL is accepted */
LWCX_API void lwcx_aimer_key_free(lwcx_aimer_key *key);
/** The key's set.
 * @param key a loaded key
 * @return a #lwcx_aimer_set; -1 for NULL */
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_set(const lwcx_aimer_key *key);
/** lwcx_aimer_sign() with a loaded key.
 * @param key a loaded key with its secret part
 * @param sig the signature; may overlap msg
 * @param msg len bytes (may be NULL when len is 0)
 * @param len the message length
 * @return #LWCX_OK; #LWCX_ERR_ARG if the key has no secret part; or another
 *         error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_sign(const lwcx_aimer_key *key, uint8_t *sig, const uint8_t *msg,
                                                size_t len);
/** lwcx_aimer_sign_from() with a loaded key (only for tests).
 * @param key a loaded key with its secret part
 * @param sig the signature; may overlap msg
 * @param msg len bytes (may be NULL when len is 0)
 * @param len the message length
 * @param rho lwcx_aimer_seed_bytes() bytes; rho overlapping sig: #LWCX_ERR_ARG
 * @return #LWCX_OK; #LWCX_ERR_ARG if the key has no secret part; or another
 *         error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_sign_from(const lwcx_aimer_key *key, uint8_t *sig,
                                                     const uint8_t *msg, size_t len,
                                                     const uint8_t *rho);
/** lwcx_aimer_verify() with a loaded key.
 * @param key a loaded key
 * @param sig siglen bytes
 * @param siglen the signature's length
 * @param msg len bytes (may be NULL when len is 0)
 * @param len the message length
 * @return #LWCX_OK if valid; #LWCX_ERR_AUTH if not; #LWCX_ERR_LENGTH if
 *         siglen is not the set's size; or another error of the list in
 *         @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_verify(const lwcx_aimer_key *key, const uint8_t *sig, size_t siglen,
                                                  const uint8_t *msg, size_t len);

/** AIMer keys as files: PKCS#8 PrivateKeyInfo (a secret key) and
 * SubjectPublicKeyInfo (a public key), DER or PEM ("PRIVATE KEY" and
 * "PUBLIC KEY" blocks), as the OpenSSL provider and the command-line tool
 * write and read them (docs/aimer-openssl.md): the official raw key in an
 * OCTET STRING, the algorithm identifier LWCX_AIMER_OID_ARC.1 to .6 (the
 * build's arc, Bouncy Castle's by default) in lwcx's order of the sets, no
 * parameters. The key's validity is not checked here (lwcx_aimer_key_new()
 * does that). */
typedef enum lwcx_key_encoding {
    LWCX_KEY_DER, /**< DER bytes */
    LWCX_KEY_PEM  /**< PEM text (base64 of the DER between BEGIN and END lines) */
} lwcx_key_encoding;
/** Encodes an AIMer key as PKCS#8 (secret) or SubjectPublicKeyInfo (public).
 * @param set the key's parameter set
 * @param key the raw key, keylen bytes
 * @param keylen the set's sk size for a secret key, its pk size for a public one
 * @param enc #LWCX_KEY_DER or #LWCX_KEY_PEM (text without a NUL)
 * @param out where the encoding goes, cap bytes; may be NULL to ask the size
 * @param cap the room at out
 * @param outlen gets the encoding's length (or the size needed)
 * @return #LWCX_OK; #LWCX_ERR_LENGTH with *outlen the size needed when out is
 *         NULL or cap too small, or when keylen is neither size;
 *         #LWCX_ERR_NULL (key, outlen); #LWCX_ERR_ARG (an unknown set or
 *         encoding, out overlapping key) */
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_encode(lwcx_aimer_set set, const uint8_t *key, size_t keylen,
                                                  lwcx_key_encoding enc, uint8_t *out, size_t cap,
                                                  size_t *outlen);
/** Decodes one AIMer key, DER or PEM (told by its "-----BEGIN " line: text
 * before that line is allowed, after its end line only white space),
 * strictly. key is written only on success.
 * @param in the encoding, len bytes
 * @param len its length
 * @param set gets the key's parameter set
 * @param key gets the raw key (cap bytes of room)
 * @param cap the room at key
 * @param keylen gets the key's length: lwcx_aimer_sk_bytes() of the set for
 *        a secret key, lwcx_aimer_pk_bytes() for a public one
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_FORMAT (neither structure, DER
 *         that is not strict, trailing bytes, a truncated or damaged PEM
 *         block, another label, a key of the wrong length for its set);
 *         #LWCX_ERR_NO_IMPL (a well-formed key of another algorithm);
 *         #LWCX_ERR_UNSUPPORTED (an encrypted PKCS#8 key, "ENCRYPTED PRIVATE
 *         KEY"); #LWCX_ERR_LENGTH (cap too small: *set and *keylen are set) */
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_decode(const uint8_t *in, size_t len, lwcx_aimer_set *set,
                                                  uint8_t *key, size_t cap, size_t *keylen);

/** A message given in pieces, as a file is read: the message enters AIMer
 * only through mu = SHAKE(0x00 || pk || msg), so signing or verifying it
 * needs constant memory whatever its length. lwcx_aimer_msg_new() starts
 * one for a loaded key, which must outlive it; lwcx_aimer_msg_update()
 * absorbs the next piece (any sizes); lwcx_aimer_msg_sign(),
 * lwcx_aimer_msg_sign_from() or lwcx_aimer_msg_verify() finishes it, with
 * the same result as lwcx_aimer_key_sign() / _sign_from / _verify on the
 * whole message. Each message is finished once: afterwards update and the
 * finishing calls return #LWCX_ERR_ARG, and only lwcx_aimer_msg_free()
 * (which wipes it) is left. #LWCX_ERR_ARG also for a sign on a key without
 * its secret part. */
typedef struct lwcx_aimer_msg lwcx_aimer_msg;
/** Starts a message given in pieces (see #lwcx_aimer_msg).
 * @param msg where the new message goes
 * @param key the loaded key, which must outlive the message
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (not a loaded key);
 *         #LWCX_ERR_NOMEM */
LWCX_API LWCX_NODISCARD int lwcx_aimer_msg_new(lwcx_aimer_msg **msg, const lwcx_aimer_key *key);
/** Absorbs the next piece of the message.
 * @param msg the message
 * @param data len bytes (may be NULL when len is 0)
 * @param len any length
 * @return #LWCX_OK; #LWCX_ERR_NULL; #LWCX_ERR_ARG (a finished message) */
LWCX_API LWCX_NODISCARD int lwcx_aimer_msg_update(lwcx_aimer_msg *msg, const uint8_t *data, size_t len);
/** Finishes the message by signing it.
 * @param msg the message
 * @param sig the signature (lwcx_aimer_sig_bytes() bytes)
 * @return #LWCX_OK; #LWCX_ERR_ARG (a finished message, a key without its
 *         secret part); or another error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_msg_sign(lwcx_aimer_msg *msg, uint8_t *sig);
/** Finishes the message by signing it with the caller's randomness (only for
 * tests).
 * @param msg the message
 * @param sig the signature (lwcx_aimer_sig_bytes() bytes)
 * @param rho lwcx_aimer_seed_bytes() bytes; rho overlapping sig: #LWCX_ERR_ARG
 * @return #LWCX_OK; #LWCX_ERR_ARG (a finished message, a key without its
 *         secret part); or another error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_msg_sign_from(lwcx_aimer_msg *msg, uint8_t *sig,
                                                     const uint8_t *rho);
/** Finishes the message by verifying a signature of it.
 * @param msg the message
 * @param sig siglen bytes
 * @param siglen the signature's length
 * @return #LWCX_OK if valid; #LWCX_ERR_AUTH if not; #LWCX_ERR_LENGTH if
 *         siglen is not the set's size; #LWCX_ERR_ARG (a finished message);
 *         or another error of the list in @ref aimer */
LWCX_API LWCX_NODISCARD int lwcx_aimer_msg_verify(lwcx_aimer_msg *msg, const uint8_t *sig, size_t siglen);
/** Wipes and frees a message.
 * @param msg the message; NULL is accepted */
LWCX_API void lwcx_aimer_msg_free(lwcx_aimer_msg *msg);

/** lwcx_aimer_keygen() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_aimer_keygen */
LWCX_API LWCX_NODISCARD int lwcx_aimer_keygen_with(const lwcx_impl *impl, lwcx_aimer_set set,
                                                   uint8_t *pk, uint8_t *sk);
/** lwcx_aimer_sign() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_aimer_sign */
LWCX_API LWCX_NODISCARD int lwcx_aimer_sign_with(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *sig,
                                                 const uint8_t *msg, size_t len, const uint8_t *sk);
/** lwcx_aimer_verify() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_aimer_verify */
LWCX_API LWCX_NODISCARD int lwcx_aimer_verify_with(const lwcx_impl *impl, lwcx_aimer_set set, const uint8_t *sig,
                                                   size_t siglen, const uint8_t *msg, size_t len,
                                                   const uint8_t *pk);
/** lwcx_aimer_sign_attached() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_aimer_sign_attached */
LWCX_API LWCX_NODISCARD int lwcx_aimer_sign_attached_with(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *sm,
                                                          size_t *smlen, const uint8_t *msg, size_t len,
                                                          const uint8_t *sk);
/** lwcx_aimer_open() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_aimer_open */
LWCX_API LWCX_NODISCARD int lwcx_aimer_open_with(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *msg,
                                                 size_t *len, const uint8_t *sm, size_t smlen, const uint8_t *pk);
/** lwcx_aimer_keygen_from() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_aimer_keygen_from */
LWCX_API LWCX_NODISCARD int lwcx_aimer_keygen_from_with(const lwcx_impl *impl, lwcx_aimer_set set,
                                                        uint8_t *pk, uint8_t *sk,
                                                        const uint8_t *randomness);
/** lwcx_aimer_sign_from() on an explicit implementation.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_aimer_sign_from */
LWCX_API LWCX_NODISCARD int lwcx_aimer_sign_from_with(const lwcx_impl *impl, lwcx_aimer_set set,
                                                      uint8_t *sig, const uint8_t *msg, size_t len,
                                                      const uint8_t *sk, const uint8_t *rho);
/** lwcx_aimer_key_new() on an explicit implementation: the key keeps it.
 * @param impl the implementation to run (see #lwcx_impl); NULL: the automatic choice
 *
 * @copydoc lwcx_aimer_key_new */
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_new_with(const lwcx_impl *impl, lwcx_aimer_key **key,
                                                    lwcx_aimer_set set, const uint8_t *pk, const uint8_t *sk);
/** @} */

#ifdef __cplusplus
}
#endif
#endif /* LWCX_H */
