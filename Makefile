# SPDX-License-Identifier: GPL-2.0
#
# The front door. Everything is done by harness/run; see README.md.
#
#   make demo     build our kernel, boot it under QEMU, show a histogram
#   make check    build, boot, run every test; ends with "N passed, N failed, N skipped"
#   make stress   the same for the stress cases only, in their long form
#   make shell    build, boot, an interactive shell in /sys/kernel/tracing
#   make build    build the kernel, modules and initramfs only
#   make compare  the last check results of ours and stock side by side
#   make diff-refs  boot stock, record the hist differential test's references
#                 (harness/histdiff/refs/) and show whether they changed
#   make client-refs  boot stock, record the clients suite's transcripts
#                 (harness/clients/refs/) and show whether they changed
#   make fuzz     build, boot, run the hist fuzzer's stream of SEED (COUNT
#                 commands), shrink a failure (harness/fuzz/README.md)
#   make fuzzdiff the same streams on stock and on ours, every answer
#                 compared (harness/fuzz/README.md)
#   make covfuzz  fuzz stock built with KCOV on its hist objects, guided by
#                 their coverage; then the corpus on stock and ours, every
#                 answer compared (harness/fuzz/README.md)
#                 COVFUZZ_KERNEL=ours: ours built with KCOV on our objects
#                 instead (COVFUZZ_KASAN=1: and KASAN), guided by their
#                 coverage, composed scenarios among the inputs, no comparison
#   make covfuzz-bulk  COVFUZZ_COMMANDS commands of mutants of the covfuzz
#                 corpus on plain stock and ours, every answer compared
#   make coverage the share of the hist objects' code the suites, make
#                 fuzzdiff's streams and the covfuzz corpus reach (KERNEL=
#                 stock or ours, built with FLAVOUR=kcov)
#   make covfuzz-refs  boot stock, record the answers of the covfuzz corpus
#                 (harness/fuzz/corpus/) that make check compares
#   make bench    ours against stock, booted in turn: ns per event of hist
#                 trigger shapes, table, CSV and PNG in build/bench/latest/
#                 (harness/bench/README.md)
#   make series   our kernel as a patch series against 6.12.117, applied
#                 with git am, every step built, checkpatch: build/series/
#                 (harness/series/README.md)
#   make compile  our objects built with W=1 and sparse for x86_64, arm64,
#                 s390x, i386 and x86_64 on PREEMPT_RT, none linked:
#                 build/compile/ (harness/lib/compile.sh; CI runs it)
#   make deps     install the Debian packages
#   make clean    remove build/ (the extracted base tree included)
#
# Variables: KERNEL=ours|stock FLAVOUR=plain|debug|kcov|kcsan|kcov-kasan|rt KERNEL_SRC=DIR
#            ARCH=x86_64|arm64|s390x|i386 (the guest's)
#            SMP=2 MEM=1G ACCEL=tcg
#            TEST_TIMEOUT=300 JOBS=3 TESTS=substring SHARDS=2 UNIT_CPUS=all|1
#            V=1 PREBUILT=DIR SERIES=1
#            fuzz: SEED=N|N-M|N,M COUNT=200 PICK=I,J,... STREAM=FILE
#                  SHRINK_BOOTS=30 TRANSCRIPT=1 FUZZ_GEN=compose (COUNT: scenarios, 20)
#            fuzzdiff: SEED COUNT SHOW=10
#            covfuzz: COVFUZZ_MINUTES=60 COVFUZZ_MIN=2000 COVFUZZ_BATCH=150
#                     COVFUZZ_SEED=1 COVFUZZ_RESUME=1 COVFUZZ_COMMANDS=100000
#                     COVFUZZ_STOCK=kcov|plain SHOW=10
#                     COVFUZZ_KERNEL=stock|ours COVFUZZ_KASAN=1 (ours only)
#                     COVFUZZ_COMPOSE=0.3 (share of composed inputs; 0 on stock)
#            bench: BENCH_ROUNDS=5 BENCH_SECONDS=1.5 BENCH_SLICES=2 BENCH_SHAPES=all
#                   BENCH_EXTRAS=1 BENCH_MODE=compare|noise BENCH_STAT=p10|p50|mean
#                   BENCH_CLOCK=wall|icount BENCH_OURS=DIR BENCH_STOCK=DIR

export KERNEL FLAVOUR ARCH KERNEL_SRC SERIES SMP MEM ACCEL TEST_TIMEOUT JOBS TESTS SHARDS UNIT_CPUS V HARNESS_LOCK PREBUILT
export BENCH_ROUNDS BENCH_SECONDS BENCH_SLICES BENCH_SHAPES BENCH_EXTRAS BENCH_MODE BENCH_STAT BENCH_CLOCK BENCH_OURS BENCH_STOCK

.PHONY: demo check shell build compare compile deps diff-refs client-refs fuzz fuzzdiff bench series clean
.PHONY: covfuzz covfuzz-compare covfuzz-bulk coverage covfuzz-refs
demo check shell build compare compile deps diff-refs client-refs fuzz fuzzdiff bench series \
covfuzz covfuzz-compare covfuzz-bulk coverage covfuzz-refs:
	@./harness/run $@

clean:
	rm -rf build

# make stress: the stress cases (tools/testing/selftests/ftrace/test.d/ours/
# stress) only, each racing or refilling for STRESS_SECONDS (default 300;
# make check runs them for 20), with a unit time limit to match.
STRESS_SECONDS ?= 300
.PHONY: stress
stress:
	@TESTS=$${TESTS:-ours/stress} \
	TEST_TIMEOUT=$${TEST_TIMEOUT:-$$(($(STRESS_SECONDS) + 300))} \
	CHECK_APPEND="stress_seconds=$(STRESS_SECONDS)$${CHECK_APPEND:+ $$CHECK_APPEND}" \
	./harness/run check
