package config

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Size is a number of bytes written with a unit: "256MB", "1GB", "512KB"
// (powers of 1024, as memory is counted), or a plain number of bytes.
type Size int64

var sizeUnits = []struct {
	suffix string
	bytes  int64
}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}}

// ParseSize reads "256MB", "1GB", "64KB", "100B" or "4096".
func ParseSize(s string) (Size, error) {
	in := strings.TrimSpace(s)
	num, unit := in, int64(1)
	upper := strings.ToUpper(in)
	for _, u := range sizeUnits {
		if strings.HasSuffix(upper, u.suffix) {
			num, unit = strings.TrimSpace(in[:len(in)-len(u.suffix)]), u.bytes
			break
		}
	}
	n, err := strconv.ParseUint(num, 10, 63)
	if err != nil || int64(n) > (1<<62)/unit {
		return 0, fmt.Errorf("%q is not a size (use 256MB or 1GB)", s)
	}
	return Size(int64(n) * unit), nil
}

// String writes the size in the largest unit that divides it.
func (s Size) String() string {
	for _, u := range sizeUnits {
		if s != 0 && int64(s)%u.bytes == 0 {
			return strconv.FormatInt(int64(s)/u.bytes, 10) + u.suffix
		}
	}
	return "0B"
}

// UnmarshalYAML reads a size scalar, reported with its line when bad.
func (s *Size) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: must be a size such as 256MB", n.Line)}}
	}
	v, err := ParseSize(n.Value)
	if err != nil {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: must be a size such as 256MB, not %q", n.Line, n.Value)}}
	}
	*s = v
	return nil
}

// MarshalYAML writes the size as String does.
func (s Size) MarshalYAML() (any, error) { return s.String(), nil }
