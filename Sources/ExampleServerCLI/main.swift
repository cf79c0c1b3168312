print("example-server")
