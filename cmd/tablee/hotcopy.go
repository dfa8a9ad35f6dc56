package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
)

// A running tablee holds its data file locked for writing, and bbolt's
// lock keeps every other process out, readers included. So `tablee backup`
// asks the process holding the file to make the copy: serve and local
// listen on a Unix socket beside the data file (tablee.db.sock, mode 0600
// in the data directory, which is 0700: only the same user, or root, can
// ask), and copy the file in one read transaction of theirs (bbolt's
// Tx.WriteTo) while the games go on. When nothing answers there, the file
// is not in use and `tablee backup` copies it itself.

// copySocket is where the process holding the data file at path answers
// `tablee backup`.
func copySocket(path string) string { return path + ".sock" }

type copyRequest struct {
	Dest string `json:"dest"` // an absolute path that does not exist yet
}

type copyReply struct {
	Size  int64  `json:"size"`
	Error string `json:"error,omitempty"`
}

// serveCopies answers backup requests for st until the returned function
// is called; that function waits for the copies under way. A copy that
// finds the file damaged is also handed to onDamaged.
func serveCopies(st *bolt.Store, log *slog.Logger, onDamaged func(error)) (stop func()) {
	sock := copySocket(st.Path())
	// We hold the data file: a socket there is one a killed process left.
	_ = os.Remove(sock)
	l, err := net.Listen("unix", sock)
	if err != nil {
		log.Warn("tablee backup cannot reach this process: it will have to be stopped to copy its data file", "socket", sock, "err", err)
		return func() {}
	}
	if err := os.Chmod(sock, 0o600); err != nil {
		log.Warn("socket for tablee backup", "socket", sock, "err", err)
	}
	var wg sync.WaitGroup
	wg.Add(1) // the accept loop, so that each connection's Add happens while the count is above zero
	go func() {
		defer wg.Done()
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				answerCopy(conn, st, log, onDamaged)
			}()
		}
	}()
	return func() {
		_ = l.Close()
		wg.Wait()
		_ = os.Remove(sock)
	}
}

func answerCopy(conn net.Conn, st *bolt.Store, log *slog.Logger, onDamaged func(error)) {
	defer conn.Close()
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	var req copyRequest
	line, err := bufio.NewReaderSize(conn, 4096).ReadSlice('\n')
	if err == nil {
		err = json.Unmarshal(line, &req)
	}
	reply := func(r copyReply) { _ = json.NewEncoder(conn).Encode(r) }
	switch {
	case err != nil:
		reply(copyReply{Error: "a backup request that does not read"})
		return
	case !filepath.IsAbs(req.Dest):
		reply(copyReply{Error: fmt.Sprintf("%q is not an absolute path", req.Dest)})
		return
	}
	if same, _ := sameFile(st.Path(), req.Dest); same {
		reply(copyReply{Error: req.Dest + " is the data file itself"})
		return
	}
	if _, err := os.Lstat(req.Dest); err == nil {
		reply(copyReply{Error: req.Dest + " exists: a backup never replaces a file"})
		return
	}
	start := time.Now()
	size, err := st.Backup(req.Dest)
	if err != nil {
		log.Error("backup asked by tablee backup failed", "to", req.Dest, "err", err)
		reply(copyReply{Error: err.Error()})
		if store.Unusable(err) && onDamaged != nil {
			onDamaged(err)
		}
		return
	}
	log.Info("backup taken for tablee backup", "to", req.Dest, "bytes", size, "took", time.Since(start).Round(time.Millisecond))
	reply(copyReply{Size: size})
}

// askCopy asks the process holding the data file at path to copy it to
// dst (absolute). served is false when no process answers: then nothing
// was done.
func askCopy(path, dst string) (size int64, served bool, err error) {
	conn, err := net.DialTimeout("unix", copySocket(path), 2*time.Second)
	if err != nil {
		return 0, false, nil
	}
	defer conn.Close()
	if err := json.NewEncoder(conn).Encode(copyRequest{Dest: dst}); err != nil {
		return 0, true, fmt.Errorf("asking the tablee holding %s for a copy: %w", path, err)
	}
	var r copyReply
	if err := json.NewDecoder(conn).Decode(&r); err != nil {
		return 0, true, fmt.Errorf("asking the tablee holding %s for a copy: no answer (%v)", path, err)
	}
	if r.Error != "" {
		return 0, true, errors.New(r.Error)
	}
	return r.Size, true, nil
}
