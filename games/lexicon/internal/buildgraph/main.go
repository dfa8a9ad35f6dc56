// Command buildgraph rebuilds the embedded graphs of package lexicon from
// its committed word lists: go generate ./games/lexicon runs it.
package main

import (
	"fmt"
	"os"

	"github.com/tablee/tablee/games/lexicon"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: buildgraph DATA_DIR")
		os.Exit(2)
	}
	if err := lexicon.WriteGraphFiles(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
