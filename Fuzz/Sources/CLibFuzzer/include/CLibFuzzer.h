#ifndef GHOSTVAULT_CLIBFUZZER_H
#define GHOSTVAULT_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs that have their own `main` (LLVM 11 and later): parses libFuzzer's
/// flags from argc/argv and calls `callback` with each input. Defined by the libFuzzer runtime that
/// `-sanitize=fuzzer` links (the Swift toolchain's lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
