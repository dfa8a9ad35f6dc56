package main

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// cloud is Discord and Telegram as tablee serve meets them, on 127.0.0.1:
// an HTTPS proxy (CONNECT) that answers for discord.com and
// api.telegram.org itself, with certificates of its own authority, and a
// Discord gateway. The run is pointed at it as an operator would point it
// at a proxy: HTTPS_PROXY and SSL_CERT_FILE for the binary, the default
// HTTP transport for serve run as a function. Its mode says how each
// service fails.
type cloud struct {
	t       *testing.T
	proxy   net.Listener
	caFile  string
	roots   *x509.CertPool
	leaf    tls.Certificate
	gateway *httptest.Server
	https   *http.Server
	conns   chan net.Conn

	mu   sync.Mutex
	mode string
	seen []string // what reached the cloud: "CONNECT api.telegram.org:443", "telegram getMe", "discord identify"
}

// The modes of the cloud.
const (
	refuse        = "refuse"         // the proxy refuses every CONNECT (403)
	hangUp        = "hang up"        // the proxy accepts, then closes the connection
	unauthorized  = "unauthorized"   // 401 for every call, the Authorization header echoed in Discord's body
	echo          = "echo"           // Telegram: 400 for every call, its URL and form echoed in the description
	pollFails     = "poll fails"     // Telegram answers, but getUpdates hangs up; Discord's gateway refuses the token (4004)
	webhookEchoed = "webhook echoed" // Telegram answers, but setWebhook fails with its form echoed
)

func newCloud(t *testing.T) *cloud {
	t.Helper()
	c := &cloud{t: t, conns: make(chan net.Conn), mode: refuse}
	c.makeCerts()
	var err error
	if c.proxy, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	// The cloud's own complaints (a client hanging up) are not tablee's
	// output: they go nowhere.
	c.https = &http.Server{Handler: http.HandlerFunc(c.serveAPI), ReadHeaderTimeout: 5 * time.Second,
		ErrorLog: log.New(io.Discard, "", 0)}
	go c.https.Serve(&chanListener{conns: c.conns, addr: c.proxy.Addr(), done: make(chan struct{})})
	go c.acceptProxy()
	c.gateway = httptest.NewServer(http.HandlerFunc(c.serveGateway))
	t.Cleanup(func() {
		c.proxy.Close()
		c.gateway.Close()
		c.https.Close()
	})
	return c
}

func (c *cloud) setMode(m string) {
	c.mu.Lock()
	c.mode, c.seen = m, nil
	c.mu.Unlock()
}

func (c *cloud) currentMode() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.mode
}

func (c *cloud) saw(what string) {
	c.mu.Lock()
	c.seen = append(c.seen, what)
	c.mu.Unlock()
}

// reached tells whether something seen starts with prefix.
func (c *cloud) reached(prefix string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.seen {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

// proxyURL is the value of HTTPS_PROXY.
func (c *cloud) proxyURL() string { return "http://" + c.proxy.Addr().String() }

// transport is what the default HTTP transport becomes for serve run as a
// function.
func (c *cloud) transport() *http.Transport {
	u, _ := url.Parse(c.proxyURL())
	return &http.Transport{Proxy: http.ProxyURL(u), TLSClientConfig: &tls.Config{RootCAs: c.roots},
		ResponseHeaderTimeout: 10 * time.Second}
}

func (c *cloud) makeCerts() {
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ca := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "tablee test authority"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		c.t.Fatal(err)
	}
	ca, _ = x509.ParseCertificate(caDER)
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	leaf := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "api"},
		DNSNames:  []string{"discord.com", "api.telegram.org", "gateway.discord.gg"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, ca, &key.PublicKey, caKey)
	if err != nil {
		c.t.Fatal(err)
	}
	c.leaf = tls.Certificate{Certificate: [][]byte{leafDER}, PrivateKey: key}
	c.roots = x509.NewCertPool()
	c.roots.AddCert(ca)
	c.caFile = filepath.Join(c.t.TempDir(), "ca.pem")
	if err := os.WriteFile(c.caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), 0o600); err != nil {
		c.t.Fatal(err)
	}
}

func (c *cloud) acceptProxy() {
	for {
		conn, err := c.proxy.Accept()
		if err != nil {
			return
		}
		go c.connect(conn)
	}
}

// connect serves one CONNECT: refused, hung up, or opened as TLS to the
// cloud's own HTTPS server.
func (c *cloud) connect(conn net.Conn) {
	br := bufio.NewReader(conn)
	req, err := http.ReadRequest(br)
	if err != nil || req.Method != http.MethodConnect {
		conn.Close()
		return
	}
	c.saw("CONNECT " + req.Host)
	switch c.currentMode() {
	case refuse:
		io.WriteString(conn, "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
		conn.Close()
		return
	case hangUp:
		io.WriteString(conn, "HTTP/1.1 200 Connection established\r\n\r\n")
		conn.Close()
		return
	}
	io.WriteString(conn, "HTTP/1.1 200 Connection established\r\n\r\n")
	tc := tls.Server(conn, &tls.Config{Certificates: []tls.Certificate{c.leaf}, NextProtos: []string{"http/1.1"}})
	select {
	case c.conns <- tc:
	case <-time.After(5 * time.Second):
		conn.Close()
	}
}

// serveAPI is Discord's REST API and Telegram's Bot API, as far as a
// start goes.
func (c *cloud) serveAPI(w http.ResponseWriter, r *http.Request) {
	mode := c.currentMode()
	body, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if r.Host == "discord.com" {
		c.saw("discord " + r.Method + " " + r.URL.Path)
		if mode == pollFails && strings.HasSuffix(r.URL.Path, "/gateway") {
			json.NewEncoder(w).Encode(map[string]string{"url": "ws://" + c.gateway.Listener.Addr().String()})
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		json.NewEncoder(w).Encode(map[string]any{"message": "401: Unauthorized (" + r.Header.Get("Authorization") + ")", "code": 0})
		return
	}
	method := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
	c.saw("telegram " + method)
	fail := func(code int, desc string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		json.NewEncoder(w).Encode(map[string]any{"ok": false, "error_code": code, "description": desc})
	}
	ok := func(result any) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "result": result})
	}
	echoed := "Bad Request: " + r.URL.String() + " " + string(body)
	switch {
	case mode == unauthorized:
		fail(http.StatusUnauthorized, "Unauthorized")
	case mode == echo:
		fail(http.StatusBadRequest, echoed)
	case method == "getMe":
		ok(map[string]any{"id": 42, "is_bot": true, "first_name": "Tablée", "username": "tablee_test_bot"})
	case method == "getUpdates" && mode == pollFails:
		hj, _ := w.(http.Hijacker)
		if conn, _, err := hj.Hijack(); err == nil {
			conn.Close()
		}
	case method == "setWebhook" && mode == webhookEchoed:
		fail(http.StatusBadRequest, echoed)
	case method == "getUpdates":
		// A long poll: nothing comes.
		select {
		case <-r.Context().Done():
		case <-time.After(time.Second):
		}
		ok([]any{})
	default:
		ok(true)
	}
}

// serveGateway is Discord's gateway refusing the token: HELLO, then the
// IDENTIFY is answered with close code 4004.
func (c *cloud) serveGateway(w http.ResponseWriter, r *http.Request) {
	conn, err := (&websocket.Upgrader{}).Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer conn.Close()
	conn.WriteJSON(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}})
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	var m struct {
		Op int `json:"op"`
	}
	if conn.ReadJSON(&m) == nil && m.Op == 2 {
		c.saw("discord identify")
	}
	conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
	time.Sleep(50 * time.Millisecond)
}

// chanListener hands the proxy's opened connections to an http.Server.
type chanListener struct {
	conns chan net.Conn
	addr  net.Addr
	once  sync.Once
	done  chan struct{}
}

func (l *chanListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *chanListener) Close() error   { l.once.Do(func() { close(l.done) }); return nil }
func (l *chanListener) Addr() net.Addr { return l.addr }
