package access

import "testing"

// The cost of opening a page: what every request of the web table will
// pay once per session.
func BenchmarkVerify(b *testing.B) {
	tok := mustSign(b, secret, aliceLink())
	for b.Loop() {
		if _, err := Verify(secret, tok, now); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidateInitData(b *testing.B) {
	for b.Loop() {
		if _, err := ValidateInitData(initDataVector, botToken, now, maxAge); err != nil {
			b.Fatal(err)
		}
	}
}
