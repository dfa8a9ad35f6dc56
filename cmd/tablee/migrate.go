package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tablee/tablee/config"
	"github.com/tablee/tablee/internal/redact"
	"github.com/tablee/tablee/store/bolt"
	"github.com/tablee/tablee/store/migrate"
	"github.com/tablee/tablee/store/postgres"
)

// migrateTool copies a data file into a PostgreSQL database and checks the
// copy: `tablee migrate --from bolt:FILE --to postgres:URL`. The URL may
// come from TABLEE_POSTGRES_URL instead (--to postgres:), so that its
// password stays out of the shell's history. Running it again is safe.
func migrateTool(args []string, stdout, stderr io.Writer) (err error) {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the source: bolt:FILE (serve stopped)")
	to := fs.String("to", "", "the destination: postgres:URL, or postgres: for $"+config.EnvPostgresURL)
	if err := fs.Parse(args); err != nil {
		return err
	}
	file, ok := strings.CutPrefix(*from, "bolt:")
	if !ok || file == "" {
		return errors.New("migrate: --from must be bolt:FILE, the data file (tablee.db)")
	}
	url, ok := strings.CutPrefix(*to, "postgres:")
	if !ok {
		return errors.New("migrate: --to must be postgres:URL (or postgres: with " + config.EnvPostgresURL + " set)")
	}
	if url == "" {
		url = redact.Trim(os.Getenv(config.EnvPostgresURL))
	}
	if url == "" {
		return errors.New("migrate: no database address: postgres:URL, or set " + config.EnvPostgresURL)
	}
	red := redact.New(append([]string{url}, redact.DatabasePasswords(url)...)...)
	defer func() { err = red.Error(err) }()
	src, err := bolt.Open(file, bolt.Options{Timeout: 2 * time.Second})
	if err != nil {
		return err
	}
	defer src.Close()
	// A data file from before schema 5 names no players for its finished
	// games until a tablee started on it has named them (bot's
	// completePlayedIndex): copied as it is, /history in private would
	// miss them for good.
	if named, err := src.PlayedIndexComplete(); err != nil {
		return err
	} else if !named {
		return fmt.Errorf("migrate: the finished games of %s do not name their players yet (a data file of an earlier tablee): "+
			"start this tablee once on it (tablee serve, or tablee local --data DIR), which names them at start, stop it, then migrate", file)
	}
	// Likewise its started games without deadlines have no due time until
	// a tablee started on it has counted the wait for their players (bot's
	// completeIdleIndex): copied as they are, nothing would ever end them
	// if their players walked away.
	if counted, err := src.IdleDueComplete(); err != nil {
		return err
	} else if !counted {
		return fmt.Errorf("migrate: the started games of %s do not count the wait for their players yet (a data file of an earlier tablee): "+
			"start this tablee once on it (tablee serve, or tablee local --data DIR), which counts it at start, stop it, then migrate", file)
	}
	dst, err := postgres.Open(url, postgres.Options{})
	if err != nil {
		return err
	}
	defer dst.Close()
	start := time.Now()
	n, err := migrate.Copy(src, dst, func(n migrate.Counts) { fmt.Fprintf(stdout, "copied %s so far\n", n) })
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "copied and checked %s in %s\n", n, time.Since(start).Round(time.Millisecond))
	fmt.Fprintln(stdout, "every table, log, user and rating reads back the same; start tablee with store: postgres")
	return nil
}
