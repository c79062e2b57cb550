/* run — `benchreport run`: the native runner's command line (runner/). */
#include <stdio.h>

#include "cli.h"

int br_cli_run(int argc, char **argv);

int br_cli_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	br_cli_error("'benchreport run' is not built yet");
	return BR_EXIT_USAGE;
}
