print("SwinjectKit demo")
