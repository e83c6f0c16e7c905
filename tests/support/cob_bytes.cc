// placeholder: replaced by the fixture builder
