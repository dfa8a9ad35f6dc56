// Command tablee is the Tablée bot: `tablee serve` runs it on the platforms
// of its configuration, `tablee local` plays in the terminal, and a few
// tools help server admins (`tablee check`, `tablee backup`, `tablee
// compact` for the data file, `tablee lexicon has`).
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	_ "github.com/tablee/tablee/games/all"
)

// version is set at build time (-ldflags "-X main.version=v1.2.3").
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "tablee:", err)
		}
		code := 1
		var ee *exitError
		if errors.As(err, &ee) {
			code = ee.code
		}
		os.Exit(code)
	}
}

const usage = `Tablée: French tabletop games in Discord and Telegram.

Usage:
  tablee serve   [--config FILE]          run the bot on the platforms of the configuration
  tablee local   [--data DIR] [--seed N]  play in this terminal, no token needed
  tablee check   [FILE]                   check the data file: pages, records, checksums
  tablee backup  DEST                     a consistent, checked copy of the data file, even while it runs
  tablee compact [FILE]                   apply the retention and shrink the data file (serve stopped)
  tablee migrate --from bolt:FILE --to postgres:URL
                                           copy the data file into PostgreSQL and check the copy
  tablee lexicon has                       read words on stdin, print each with yes or no
  tablee lexicon build [--out DIR]         rebuild the word graphs from the word lists
  tablee render <game> [--seed N] [--moves K] [-o out.png]
                                           draw a self-played position as a PNG
  tablee version                           print the version

Run a command with -h for its options.
`

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return flag.ErrHelp
	}
	switch args[0] {
	case "serve":
		return helped(serve(ctx, args[1:], stdout, stderr))
	case "local":
		return helped(runLocal(ctx, args[1:], stdin, stdout, stderr))
	case "check":
		return helped(checkTool(args[1:], stdout, stderr))
	case "backup":
		return helped(backupTool(args[1:], stdout, stderr))
	case "compact":
		return helped(compactTool(args[1:], stdout, stderr))
	case "migrate":
		return migrateTool(args[1:], stdout, stderr)
	case "lexicon":
		return lexiconTool(args[1:], stdin, stdout, stderr)
	case "render":
		return renderTool(args[1:], stdout, stderr)
	case "version", "--version", "-version", "-v":
		fmt.Fprintln(stdout, "tablee", fullVersion())
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}

// errHelpShown: the command printed its usage because -h asked for it.
var errHelpShown = errors.New("usage shown")

// helped makes a command's errHelpShown a success: -h is a question, not a
// mistake.
func helped(err error) error {
	if errors.Is(err, errHelpShown) {
		return nil
	}
	return err
}

// parseFlags parses a command's flags. Asked for with -h or --help, the
// usage goes to stdout and the result is errHelpShown (exit status 0); a
// bad flag prints its error and the usage on stderr, and the result is a
// usage error (exit status 2).
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	var buf bytes.Buffer
	fs.SetOutput(&buf)
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		stdout.Write(buf.Bytes())
		return errHelpShown
	case err != nil:
		stderr.Write(buf.Bytes())
		return &exitError{code: exitUsage, err: err}
	}
	return nil
}

func fullVersion() string {
	v := version
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v += " (" + s.Value[:12] + ")"
			}
		}
		v += " " + info.GoVersion
	}
	return v
}
