package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tablee/tablee/config"
	"github.com/tablee/tablee/internal/redact"
	"github.com/tablee/tablee/store/bolt"
)

// The operator's tools for the data file: `tablee check`, `tablee backup`
// and `tablee compact` (docs/persistence.md).

// Exit statuses of the data file tools, beside 0 (done, or clean).
const (
	exitDamaged = 1 // check: the file is damaged; backup, compact: they failed
	exitUsage   = 2 // a bad command line, or a file that cannot be checked at all
)

// exitError ends tablee with a status of its own; main prints err.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func usageError(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// dataFileFlags are the ways of naming the data file, shared by the tools:
// --db FILE, --data DIR (its tablee.db) or --config FILE (its data_dir, as
// tablee serve finds it; tablee.yaml by default).
type dataFileFlags struct {
	fs               *flag.FlagSet
	stdout, stderr   io.Writer
	db, data, config *string
	// cfg is the configuration read, when the file was found through it.
	cfg *config.Config
	red *redact.Redactor
}

// newDataTool is the command line of one of the tools: its usage text,
// then the ways of naming the data file.
func newDataTool(name, usage string, stdout, stderr io.Writer) *dataFileFlags {
	fs := flag.NewFlagSet("tablee "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), usage); fs.PrintDefaults() }
	return &dataFileFlags{
		fs:     fs,
		stdout: stdout,
		stderr: stderr,
		db:     fs.String("db", "", "the data file itself (tablee serve's is DIR/tablee.db, tablee local's DIR/local.db)"),
		data:   fs.String("data", "", "the data directory: its file tablee.db"),
		config: fs.String("config", "", "the configuration of tablee serve: the file of its data_dir (default tablee.yaml)"),
		red:    redact.New(),
	}
}

// parse reads the command line, flags before or after the file names
// (`tablee compact data/tablee.db --retention 90d`), and returns the
// names; a bad command line is a usage error.
func (d *dataFileFlags) parse(args []string) ([]string, error) {
	var names []string
	for {
		if err := parseFlags(d.fs, args, d.stdout, d.stderr); err != nil {
			return nil, err
		}
		rest := d.fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(names, rest...), nil // everything after -- is a name
		}
		if len(rest) == 0 {
			return names, nil
		}
		names, args = append(names, rest[0]), rest[1:]
	}
}

// path finds the data file: the one named (positional, --db, --data), else
// the one of the configuration.
func (d *dataFileFlags) path(positional string) (string, error) {
	named := 0
	for _, s := range []string{positional, *d.db, *d.data, *d.config} {
		if s != "" {
			named++
		}
	}
	if named > 1 {
		return "", usageError("name the data file one way only: FILE, --db FILE, --data DIR or --config FILE")
	}
	switch {
	case positional != "":
		return positional, nil
	case *d.db != "":
		return *d.db, nil
	case *d.data != "":
		return filepath.Join(*d.data, config.DBFile), nil
	}
	cfgPath, explicit := *d.config, true
	if cfgPath == "" {
		cfgPath, explicit = "tablee.yaml", false
	}
	if _, err := os.Stat(cfgPath); !explicit && errors.Is(err, fs.ErrNotExist) {
		return "", usageError("which data file? Name it (%s data/tablee.db), or give --data DIR or --config FILE (there is no tablee.yaml here)", d.fs.Name())
	}
	cfg, err := config.LoadData(cfgPath) // its errors are redacted already; no platform token needed
	if err != nil {
		return "", &exitError{code: exitUsage, err: err}
	}
	d.cfg, d.red = cfg, redact.New(cfg.Secrets()...)
	if cfg.Store == "postgres" {
		return "", usageError("%s is for a bbolt data file, and %s says store: postgres: "+
			"back the database up and check it with PostgreSQL's own tools (pg_dump -Fc, or pg_basebackup with WAL archiving: docs/postgres.md, Backups); "+
			"retention runs inside tablee serve", d.fs.Name(), cfgPath)
	}
	return cfg.DBPath(), nil
}

// file reads the command line of a tool that takes the data file as its
// one name, and finds the file, which must exist.
func (d *dataFileFlags) file(args []string) (string, error) {
	names, err := d.parse(args)
	if err != nil {
		return "", err
	}
	if len(names) > 1 {
		return "", usageError("%s takes one data file, not %d", d.fs.Name(), len(names))
	}
	named := ""
	if len(names) == 1 {
		named = names[0]
	}
	path, err := d.path(named)
	if err != nil {
		return "", err
	}
	return path, mustExist(path)
}

// mustExist refuses a data file that is not there: the tools never create
// one.
func mustExist(path string) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usageError("%s: no such data file", path)
	case err != nil:
		return usageError("%s: %v", path, pathCause(err))
	case fi.IsDir():
		return usageError("%s is a directory: give the data file (its tablee.db), or --data %s", path, path)
	}
	return nil
}

func pathCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// locked adds to a lock error what to do about it.
func locked(err error, what string) error {
	if errors.Is(err, bolt.ErrLocked) {
		return fmt.Errorf("%w: %s", err, what)
	}
	return err
}

const checkUsage = `Usage: tablee check [FILE | --db FILE | --data DIR | --config FILE]

Reads the whole data file without writing to it: bbolt's page check, and
every table record, move and user record with its checksum. Prints what is
damaged, and the way out. Exit status: 0 clean, 1 damaged, 2 the file could
not be checked (not found, in use by a running tablee) or a bad command line.

Without FILE it checks the data file of tablee.yaml, as tablee serve finds it.

`

// checkTool is `tablee check`.
func checkTool(args []string, stdout, stderr io.Writer) (err error) {
	df := newDataTool("check", checkUsage, stdout, stderr)
	defer func() { err = df.red.Error(err) }()
	path, err := df.file(args)
	if err != nil {
		return err
	}
	report, err := bolt.Check(path, bolt.Options{Timeout: time.Second})
	if err != nil {
		return &exitError{code: exitUsage, err: locked(err, "it is in use by a running tablee, which keeps it to itself; "+
			"`tablee backup COPY` takes a consistent copy while it runs and checks it "+
			"(a copy of a damaged file is refused, saying what is damaged); or stop tablee and check again")}
	}
	printReport(stdout, report)
	if report.Damaged() {
		fmt.Fprintf(stdout, "\n%s\n", bolt.WayOut(path, time.Now(), report.Journal))
		return &exitError{code: exitDamaged, err: fmt.Errorf("%s is damaged: %s", path, report.Summary())}
	}
	return nil
}

// printReport writes what Check found, for people.
func printReport(w io.Writer, r *bolt.Report) {
	fmt.Fprintf(w, "%s: %s", r.Path, humanBytes(r.Size))
	if r.Schema > 0 {
		fmt.Fprintf(w, ", schema version %d", r.Schema)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  tables  %d (%d finished)\n", r.Tables, r.Finished)
	fmt.Fprintf(w, "  moves   %d read back whole\n", r.Moves)
	fmt.Fprintf(w, "  users   %d\n", r.Users)
	if r.Ratings > 0 {
		fmt.Fprintf(w, "  ratings %d\n", r.Ratings)
	}
	switch {
	case r.Journal == 1:
		fmt.Fprintln(w, "  journal 1 save not yet in the file: tablee writes it into the file when it next opens it")
	case r.Journal > 1:
		fmt.Fprintf(w, "  journal %d saves not yet in the file: tablee writes them into the file when it next opens it\n", r.Journal)
	}
	if r.Unnamed > 0 {
		what, whose := "games", "their"
		if r.Unnamed == 1 {
			what, whose = "game", "its"
		}
		fmt.Fprintf(w, "  players %d finished %s without %s players named: tablee names them, once, when it next starts\n",
			r.Unnamed, what, whose)
	}
	problems := make([]string, len(r.Problems))
	for i, p := range r.Problems {
		problems[i] = p.What
	}
	printFound(w, "records", problems, "every checksum matches, the indexes agree with the tables")
	printFound(w, "pages", r.Pages, "bbolt's consistency check found nothing")
	if r.Damaged() {
		fmt.Fprintln(w, "DAMAGED")
	} else {
		fmt.Fprintln(w, "clean")
	}
}

const backupUsage = `Usage: tablee backup [--db FILE | --data DIR | --config FILE] DEST

Writes a consistent copy of the data file to DEST (a new file, or a
directory to put a copy named with the time into), checks the copy as
tablee check does, and keeps it only if it is whole. It works while tablee
serve (or tablee local) runs: the running process makes the copy, in one
read transaction, and the games go on meanwhile.

Without --db, --data or --config it copies the data file of tablee.yaml.

`

// backupTool is `tablee backup`.
func backupTool(args []string, stdout, stderr io.Writer) (err error) {
	df := newDataTool("backup", backupUsage, stdout, stderr)
	names, err := df.parse(args)
	if err != nil {
		return err
	}
	defer func() { err = df.red.Error(err) }()
	if len(names) != 1 {
		return usageError("tablee backup takes the file to write, once: tablee backup DEST")
	}
	path, err := df.path("")
	if err != nil {
		return err
	}
	if err := mustExist(path); err != nil {
		return err
	}
	dst, err := backupDest(path, names[0], time.Now())
	if err != nil {
		return err
	}
	start := time.Now()
	size, served, err := askCopy(path, dst)
	if !served && err == nil {
		size, err = bolt.CopyFile(path, dst, bolt.Options{Timeout: time.Second})
		err = locked(err, fmt.Sprintf("the process holding it does not answer on %s; "+
			"stop it and run tablee backup again, or copy its newest automatic backup (in %s)",
			copySocket(path), bolt.BackupDir(path)))
	}
	if err != nil {
		return err
	}
	how := "the file is not in use"
	if served {
		how = "made by the running tablee"
	}
	fmt.Fprintf(stdout, "%s: a checked copy of %s, %s in %s (%s)\n", dst, path, humanBytes(size),
		time.Since(start).Round(time.Millisecond), how)
	return nil
}

// backupDest is where a backup of the data file at path goes: dest, or a
// file named with the time in dest when it is a directory. It must not
// exist yet, and must not be the data file.
func backupDest(path, dest string, now time.Time) (string, error) {
	fi, err := os.Stat(dest)
	switch {
	case err == nil && fi.IsDir():
		dest = filepath.Join(dest, filepath.Base(bolt.BackupPath(path, now)))
	case strings.HasSuffix(dest, "/") || strings.HasSuffix(dest, string(filepath.Separator)):
		return "", usageError("%s: no such directory", dest)
	}
	abs, err := filepath.Abs(dest)
	if err != nil {
		return "", usageError("%s: %v", dest, err)
	}
	if same, _ := sameFile(path, abs); same {
		return "", usageError("%s is the data file itself: name another file", dest)
	}
	if _, err := os.Lstat(abs); err == nil {
		return "", usageError("%s exists: remove it or name another file (a backup never replaces a file)", dest)
	}
	return abs, nil
}

// sameFile tells whether a and b name one file (or one path, when b does
// not exist yet).
func sameFile(a, b string) (bool, error) {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	if err1 == nil && err2 == nil && aa == bb {
		return true, nil
	}
	fa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(fa, fb), nil
}

const compactUsage = `Usage: tablee compact [FILE | --db FILE | --data DIR | --config FILE] [--retention 90d]

Rewrites the data file with its pages filled and gives the space that
deleted games left back to the file system (bbolt reuses free pages but
never shrinks its file). Finished games older than the retention are
deleted first: --retention, else the retention setting of the
configuration when the file is found through it. The compacted copy is
checked before it replaces the file. It needs the file to itself: stop
tablee serve first.

`

// compactTool is `tablee compact`.
func compactTool(args []string, stdout, stderr io.Writer) (err error) {
	df := newDataTool("compact", compactUsage, stdout, stderr)
	retentionFlag := df.fs.String("retention", "", "delete the games finished longer ago than this first (such as 90d), or keep")
	defer func() { err = df.red.Error(err) }()
	path, err := df.file(args)
	if err != nil {
		return err
	}
	var retention config.Retention
	if df.cfg != nil {
		retention = df.cfg.Retention
	}
	if *retentionFlag != "" {
		if retention, err = config.ParseRetention(*retentionFlag); err != nil {
			return usageError("--retention: %v", err)
		}
		if p := retention.Problem(); p != "" {
			return usageError("--retention %s", p)
		}
	}
	start := time.Now()
	res, err := bolt.Compact(path, retention.D(), bolt.Options{Timeout: time.Second})
	if err != nil {
		return locked(err, "compacting needs the file to itself: stop tablee serve (or tablee local), "+
			"run tablee compact, then start it again")
	}
	fmt.Fprintf(stdout, "%s: %s before, %s after (%s given back) in %s\n", path,
		humanBytes(res.Before), humanBytes(res.After), humanBytes(max(res.Before-res.After, 0)),
		time.Since(start).Round(time.Millisecond))
	if retention > 0 {
		fmt.Fprintf(stdout, "retention %s: %s deleted first\n", retention, plural(res.Deleted, "finished game", "finished games"))
	}
	return nil
}

// printFound writes one part of a report: what is wrong, one a line, or
// that nothing is.
func printFound(w io.Writer, part string, problems []string, clean string) {
	if len(problems) == 0 {
		fmt.Fprintf(w, "  %-7s %s\n", part, clean)
		return
	}
	fmt.Fprintf(w, "  %-7s %s:\n", part, plural(len(problems), "problem", "problems"))
	for _, p := range problems {
		fmt.Fprintf(w, "    - %s\n", p)
	}
}

// humanBytes writes a size the way people read one: "812 B", "14.2 KB",
// "3.1 MB" (powers of 1,024).
func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, i := float64(n)/unit, 0
	for v >= unit && i < 3 {
		v /= unit
		i++
	}
	return fmt.Sprintf("%.1f %cB", v, "KMGT"[i])
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// logOpened says what opening the data file did besides opening it: a
// migration from an older schema, and the saves written back from the
// journal after a stop that did not close the file (a crash, kill -9).
func logOpened(log *slog.Logger, level slog.Level, st *bolt.Store) {
	if from, copyPath := st.Migrated(); from != 0 {
		log.Log(context.Background(), level, "data file migrated", "path", st.Path(), "from_schema", from, "copy_before", copyPath)
	}
	if n := st.Replayed(); n > 0 {
		log.Log(context.Background(), level, "saves written back from the journal after a stop that did not close the data file",
			"path", st.Path(), "saves", n)
	}
}
