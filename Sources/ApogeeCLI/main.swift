print("apogee")
