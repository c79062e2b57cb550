# tests/check.mk — the test targets of the GNUmakefile (which includes it).
#
#   make check              the fast suites: unit (cmocka), golden, CLI, fuzz replay;
#                           every test is a make target, so `make -j2 check` runs them
#                           side by side
#   make check-slow         the long suites: the large hostile inputs, the browser, and
#                           memcheck (valgrind) over the golden and CLI tests
#   make check-unit, check-golden, check-cli, check-fuzz-replay    one suite
#   make check VALGRIND=1   make check with the golden and CLI tests under memcheck
#   make golden-update GOLDEN='glob...' rewrite tests/golden/ for corpus/glob (each name or glob,
#                                   with or without corpus/), printing the diffs
#
# Each test writes DIR/SUITE/NAME.res and .log (tests/run1.sh); tests/summary.sh
# adds them up and ends with "N passed, N failed, N skipped". A test that needs a
# tool that is not installed says so and counts as skipped: nothing here installs
# anything (`make deps` does).

# CLI scripts that time signals against a write: run one at a time, after
# every other test of the run
CLI_ALONE := attack run_signal safe_signals
# CLI scripts of make check-slow: the browser; 100,000-record inputs and
# hundreds of megabytes (attack's signals arrive while such a file is read); the toy
# registry and the twin order, which build a copy of the whole tree
CLI_SLOW := attack browser hostile_large toy_registry twin_order

# tests/cli/lib*.sh are helpers the scripts source, not tests
CLI_NAMES := $(filter-out lib lib_%,$(patsubst tests/cli/%.sh,%,$(sort $(wildcard tests/cli/*.sh))))
GOLDEN_DOCS := $(sort $(wildcard corpus/*))
HAVE_CMOCKA := $(shell $(PKG_CONFIG) --exists cmocka 2>/dev/null && echo yes)

# One run of tests: its CHECK_SUITES, its directory CHK and CHECK_MODE (plain
# or valgrind); the targets below set them for a sub-make, which runs the tests.
CHECK_SUITES := cli unit golden fuzz
CHECK_MODE := plain
CHK := $(O)/check
VG_MODE := $(if $(filter 1,$(VALGRIND)),valgrind,plain)
VG_DIR := $(O)/check$(if $(filter 1,$(VALGRIND)),-valgrind)

cli_in = $(patsubst %,$(CHK)/cli/%.res,$(filter-out $(CLI_ALONE),$(1)))
cli_alone = $(filter $(CLI_ALONE),$(1))
CLI_FAST := $(filter-out $(CLI_SLOW),$(CLI_NAMES))
CLI_LONG := $(filter $(CLI_SLOW),$(CLI_NAMES))

unit_res := $(if $(HAVE_CMOCKA),$(UNIT_BINS:$(O)/tests/%=$(CHK)/unit/%.res),$(CHK)/unit/cmocka.res)
golden_res := $(GOLDEN_DOCS:corpus/%=$(CHK)/golden/%.res)
cli_res := $(call cli_in,$(CLI_FAST))
fuzz_res := $(FUZZ_REPLAY:$(O)/tests/%=$(CHK)/fuzz/%.res)
slow_res := $(call cli_in,$(CLI_LONG))
RUN_RES := $(foreach s,$(CHECK_SUITES),$($(s)_res))
RUN_ALONE := $(if $(filter cli,$(CHECK_SUITES)),$(call cli_alone,$(CLI_FAST))) \
	$(if $(filter slow,$(CHECK_SUITES)),$(call cli_alone,$(CLI_LONG)))

.PHONY: check check-slow check-unit check-golden check-cli check-fuzz-replay \
	golden-update test-run all-tests

# the sub-make: every test of RUN_RES side by side, then RUN_ALONE one by one
test-run: $(RUN_RES) $(if $(strip $(RUN_ALONE)),$(BIN))
	@for t in $(RUN_ALONE); do \
		sh tests/run1.sh $(CHK)/cli/$$t.res $(CHECK_MODE) cli $(BIN) tests/cli/$$t.sh; done

# $(call run_tests,SUITES,DIR,MODE): the sub-make's run of SUITES into DIR
run_tests = +@rm -rf $(2) && \
	$(MAKE) --no-print-directory test-run CHECK_SUITES='$(1)' CHK=$(2) CHECK_MODE=$(3)
summary = @sh tests/summary.sh $(1)

check:
	$(call run_tests,cli unit golden fuzz,$(VG_DIR),$(VG_MODE))
	$(call summary,$(VG_DIR))
check-unit:
	$(call run_tests,unit,$(VG_DIR)-unit,$(VG_MODE))
	$(call summary,$(VG_DIR)-unit)
check-golden:
	$(call run_tests,golden,$(VG_DIR)-golden,$(VG_MODE))
	$(call summary,$(VG_DIR)-golden)
check-cli:
	$(call run_tests,cli,$(VG_DIR)-cli,$(VG_MODE))
	$(call summary,$(VG_DIR)-cli)
check-fuzz-replay:
	$(call run_tests,fuzz,$(VG_DIR)-fuzz,$(VG_MODE))
	$(call summary,$(VG_DIR)-fuzz)
# memcheck cannot run an ASan build: make check-slow SANITIZE=1 runs the
# long scripts only
check-slow:
	$(call run_tests,slow,$(O)/check-slow,plain)
ifneq ($(SANITIZE),1)
	$(call run_tests,golden cli slow,$(O)/check-slow-valgrind,valgrind)
endif
	$(call summary,$(O)/check-slow $(O)/check-slow-valgrind)

all-tests: $(BIN) $(UNIT_BINS) $(FUZZ_REPLAY)

$(CHK)/unit/%.res: $(O)/tests/% FORCE
	@sh tests/run1.sh $@ $(CHECK_MODE) unit $<
$(CHK)/unit/cmocka.res: FORCE
	@sh tests/run1.sh $@ $(CHECK_MODE) skip $(words $(UNIT_SRCS)) 'cmocka not installed (its unit tests)'
$(CHK)/golden/%.res: corpus/% $(BIN) FORCE
	@sh tests/run1.sh $@ $(CHECK_MODE) golden $(BIN) $<
$(CHK)/cli/%.res: tests/cli/%.sh $(BIN) FORCE
	@sh tests/run1.sh $@ $(CHECK_MODE) cli $(BIN) $<
$(CHK)/fuzz/%.res: $(O)/tests/% FORCE
	@sh tests/run1.sh $@ $(CHECK_MODE) fuzz $<

GOLDEN ?= *
golden-update: $(BIN)
	@sh tests/golden.sh --update $(BIN) $(addprefix corpus/,$(patsubst corpus/%,%,$(or $(GOLDEN),*)))
