package i18n

import (
	"encoding/json"
	"reflect"
	"testing"
)

func init() {
	Register(FR, map[string]string{"test.laid": "%v pose %v (%v {point|points}) : %v", "test.right": "à droite"})
	Register(EN, map[string]string{"test.laid": "%v lays %v (%v {point|points}): %v", "test.right": "on the right"})
}

func TestRender_SeatsNestedAndFallback(t *testing.T) {
	m := T("test.laid", Seat(1), Raw("E"), 3, T("test.right"))
	names := func(s int) string { return []string{"Alice", "Bob"}[s] }
	if got := (Renderer{Lang: FR, Name: names}).Text(m); got != "Bob pose E (3 points) : à droite" {
		t.Fatalf("fr: %q", got)
	}
	if got := (Renderer{Lang: EN, Name: names}).Text(m); got != "Bob lays E (3 points): on the right" {
		t.Fatalf("en: %q", got)
	}
	if got := (Renderer{Lang: EN}).Text(T("test.missing")); got != "test.missing" {
		t.Fatalf("missing key: %q", got)
	}
	if got := (Renderer{Lang: EN}).Text(T("test.laid", Seat(0), "x", 1, "y")); got != "#1 lays x (1 point): y" {
		t.Fatalf("no names: %q", got)
	}
}

func TestMsg_JSONRoundTrip(t *testing.T) {
	m := T("test.laid", Seat(2), Raw("É"), 14, T("test.right"), "mot")
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var back Msg
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m, back) {
		t.Fatalf("%+v\n%s\n%+v", m, data, back)
	}
	var zero Msg
	if err := json.Unmarshal([]byte(`{"k":"x","a":[{}]}`), &zero); err == nil {
		t.Fatal("an empty argument was accepted")
	}
}

func TestParseLang(t *testing.T) {
	for in, want := range map[string]Lang{"fr": FR, "FR": FR, "fr-CA": FR, "français": FR, "en": EN, "en-GB": EN, "English": EN} {
		if got, ok := ParseLang(in); !ok || got != want {
			t.Errorf("ParseLang(%q) = %q %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "de", "f", "frx"} {
		if _, ok := ParseLang(in); ok {
			t.Errorf("ParseLang(%q) accepted", in)
		}
	}
}

func TestRegister_ConflictPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("a conflicting key did not panic")
		}
	}()
	Register(FR, map[string]string{"test.right": "à gauche"})
}
