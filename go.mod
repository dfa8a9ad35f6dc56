module github.com/tablee/tablee

go 1.26.0

require (
	go.etcd.io/bbolt v1.5.0 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
	golang.org/x/sys v0.45.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
