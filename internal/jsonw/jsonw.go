// Package jsonw writes JSON as encoding/json writes it, byte for byte,
// without its reflection, for what is written at every move (a game's
// state, a message's buttons, a table's record).
package jsonw

import (
	"bytes"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"
)

// AppendString appends s as encoding/json.Marshal does: quoted, with
// <, > and & escaped for HTML, invalid UTF-8 as U+FFFD and U+2028 and
// U+2029 escaped.
func AppendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// AppendArray appends xs as a JSON array, each element written by each,
// and a nil slice as null, as json.Marshal writes a slice.
func AppendArray[T any](b []byte, xs []T, each func([]byte, T) []byte) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(b, x)
	}
	return append(b, ']')
}

// AppendInt appends n as json.Marshal writes an integer.
func AppendInt[T ~int | ~int8 | ~int16 | ~int32 | ~int64](b []byte, n T) []byte {
	return strconv.AppendInt(b, int64(n), 10)
}

// AppendStringMap appends m as a JSON object, each value written by each,
// as json.Marshal writes a map with string keys: its keys sorted, nil as
// null.
func AppendStringMap[K ~string, V any](b []byte, m map[K]V, each func([]byte, V) []byte) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	var stack [16]K // the maps written at every save are small
	keys := stack[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return appendObject(b, keys, m, func(b []byte, k K) []byte { return AppendString(b, string(k)) }, each)
}

// AppendIntMap appends m as a JSON object, each value written by each,
// as json.Marshal writes a map with integer keys: each key as its decimal
// in quotes, sorted as those strings are ("10" before "2"), nil as null.
func AppendIntMap[K ~int | ~int8 | ~int16 | ~int32 | ~int64, V any](b []byte, m map[K]V, each func([]byte, V) []byte) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	var stack [16]K
	keys := stack[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(x, y K) int {
		var dx, dy [20]byte
		return bytes.Compare(strconv.AppendInt(dx[:0], int64(x), 10), strconv.AppendInt(dy[:0], int64(y), 10))
	})
	return appendObject(b, keys, m, func(b []byte, k K) []byte {
		return append(strconv.AppendInt(append(b, '"'), int64(k), 10), '"')
	}, each)
}

// appendObject appends the entries of m under keys, in their order, each
// key written by key and each value by each.
func appendObject[K comparable, V any](b []byte, keys []K, m map[K]V, key func([]byte, K) []byte, each func([]byte, V) []byte) []byte {
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(append(key(b, k), ':'), m[k])
	}
	return append(b, '}')
}

// AppendTime appends t as its MarshalJSON writes it (RFC 3339 with the
// nanoseconds it has, quoted), without the allocation of a slice of its
// own. A time RFC 3339 cannot write (a year past 9999) appends nothing and
// returns MarshalJSON's error.
func AppendTime(b []byte, t time.Time) ([]byte, error) {
	// AppendText and MarshalJSON both write the time's strict RFC 3339
	// form; MarshalJSON quotes it.
	out, err := t.AppendText(append(b, '"'))
	if err != nil {
		_, err = t.MarshalJSON()
		return b, err
	}
	return append(out, '"'), nil
}
