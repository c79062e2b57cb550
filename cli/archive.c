/* archive — `benchreport archive`: the SQLite archive's command line (archive/). */
#include <stdio.h>

#include "cli.h"

int br_cli_archive(int argc, char **argv);

int br_cli_archive(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	br_cli_error("'benchreport archive' is not built yet");
	return BR_EXIT_USAGE;
}
